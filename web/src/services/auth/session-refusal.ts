import { SESSION_ENDED_FALLBACK } from '../../libs/session-ended';

/**
 * Why the server refuses this session now (its own message, e.g. the blocked-account text), or null while it still
 * accepts it or cannot be reached. Asked when the server closed the socket without saying why (the tab was asleep
 * when the session ended, or the socket reconnected after it), so such a tab signs out too instead of retrying.
 */
export const sessionRefusal = async (token: string): Promise<string | null> => {
  let response: Response;
  try {
    response = await fetch('/api/auth/verify', { headers: { Accept: 'application/json', token } });
  } catch {
    return null;
  }
  if (response.status !== 401 && response.status !== 403) return null;
  const body: unknown = await response.json().catch(() => undefined);
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message.trim() ? message : SESSION_ENDED_FALLBACK;
};
