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

/** Spec "Session": logout clears the token and the error (and, here, the user and every cached query). */
export const endSession = (): void => {
  useAuthStore.getState().logout();
  queryClient.clear();
};
