import { okSchema } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';
import { queryClient } from '../../libs/query-client';
import { useAuthStore } from '../../stores/auth.store';

/**
 * Logging out is a trip to /login carrying this state; the login page ends the session when it arrives.
 * Clearing the session while a protected area is still on screen would let that area's guard redirect
 * first (the admin guard sends signed-out visitors to `/`), and logout must land on /login.
 */
export const LOGOUT_STATE = { logout: true } as const;

export const isLogoutState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'logout' in state && state.logout === true;

/** Tells the server: an admin's "login as" sessions end with the admin's logout (decision 037). */
const signOut = (): Promise<unknown> => apiRequest('/api/auth/logout', { method: 'POST', body: {}, schema: okSchema });

/** Spec "Session": logout clears the token and the error (and, here, the user and every cached query). */
export const endSession = (): void => {
  // Sent before the token is forgotten (the request reads it at once); best effort: the browser forgets it anyway.
  if (useAuthStore.getState().token) signOut().catch(() => undefined);
  useAuthStore.getState().logout();
  queryClient.clear();
};
