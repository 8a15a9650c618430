import { verifyResponseSchema } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import { ApiError } from '../../libs/http-client';

/**
 * Checks a session that is not the current one (the admin's, kept aside while signed in as a user): the user it
 * belongs to, or null when the server no longer accepts it (expired, signed out, blocked). `apiRequest` always sends
 * the current token, hence this one call of its own.
 */
export const verifySavedSession = async (token: string): Promise<PublicUser | null> => {
  let response: Response;
  try {
    response = await fetch('/api/auth/verify', { headers: { Accept: 'application/json', token } });
  } catch {
    throw new ApiError(0, 'Network error', 'NETWORK', false);
  }
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new ApiError(response.status, `Request failed with status ${response.status}`, `HTTP_${response.status}`, false);
  const parsed = verifyResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(0, 'Unexpected response from the server', 'BAD_RESPONSE', false);
  return parsed.data.user;
};
