/** Invite data is per user: the user id is in every key, so a login-as never shows the previous user's invitees. */
export const inviteKeys = {
  all: ['invites'] as const,
  invitedUsers: (userId: string) => [...inviteKeys.all, 'invited-users', userId] as const,
  referralCode: (userId: string) => [...inviteKeys.all, 'referral-code', userId] as const,
};
