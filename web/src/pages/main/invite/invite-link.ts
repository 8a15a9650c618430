/** Spec section 2, Invite: the register page with the code as `?ref=`, on the origin the user is browsing. */
export const inviteLink = (origin: string, referralCode: string): string =>
  referralCode ? `${origin}/register?ref=${encodeURIComponent(referralCode)}` : '';

/** Spec section 2: what a box shows when there is nothing to copy. */
export const NOT_FOUND_TEXT = 'Not Found...';
