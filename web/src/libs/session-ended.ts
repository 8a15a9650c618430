import { sessionEndedSchema, type SessionsEndedReason } from '@labeldesk/contracts';

/** The blocked text is the one auth gives a blocked user at login, so both places say the same. */
export const SESSION_ENDED_MESSAGES: Readonly<Record<SessionsEndedReason, string>> = {
  blocked: 'Your account has been blocked. Please contact support.',
  deleted: 'Your account has been deleted. Please contact support.',
  'password-changed': 'Your password was changed. Please log in again.',
  'role-changed': 'Your access was changed. Please log in again.',
};

export const SESSION_ENDED_FALLBACK = 'Your session has ended. Please log in again.';

/** What the login page says after the server ended the session, from the socket event as received. */
export const sessionEndedMessage = (event: unknown): string => {
  const parsed = sessionEndedSchema.safeParse(event);
  return parsed.success ? SESSION_ENDED_MESSAGES[parsed.data.reason] : SESSION_ENDED_FALLBACK;
};
