import { PASSWORD_RESET_PATH } from '@labeldesk/contracts';

export const RESET_SENT = 'If an account exists for that e-mail, a link to reset its password is on its way. It works once, for a limited time.';
export const RESET_BY_OPERATOR = 'E-mail is not set up on this server, so no link can be sent. Ask the operator for a password reset link.';
export const RESET_INVALID = 'This reset link is not valid any more. Ask for a new one.';
export const RESET_USER_BLOCKED = 'This user is blocked; allow access first, then issue the link.';

/** A reset link always points at this service's own PUBLIC_URL, never at an address a message names (decision 036). */
export const resetLinkOn = (publicUrl: string, token: string): string => `${publicUrl}${PASSWORD_RESET_PATH}?token=${token}`;
