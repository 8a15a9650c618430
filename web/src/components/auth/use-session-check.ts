import { useEffect } from 'react';
import { useVerifyToken } from '../../services/auth/verify-token';
import { useAuthStore } from '../../stores/auth.store';

/**
 * Spec section 4 "Session": entering a protected area checks the stored token. Success refreshes the
 * stored user; any failure ends the session (token and user cleared), and the guard then redirects.
 */
export const useSessionCheck = () => {
  const token = useAuthStore((state) => state.token);
  const query = useVerifyToken(token);
  const verifiedUser = query.data?.user;
  const failed = query.isError;

  // Only about the token it checked: a parent guard's effect runs after its children's, so by then a child may have
  // switched the session ('Login as User'), and an answer about the previous token must not overwrite the new user.
  useEffect(() => {
    if (verifiedUser && useAuthStore.getState().token === token) useAuthStore.getState().setUser(verifiedUser);
  }, [verifiedUser, token]);

  useEffect(() => {
    if (failed && useAuthStore.getState().token === token) useAuthStore.getState().logout();
  }, [failed, token]);

  return { token, verifiedUser, failed, twoFactorEnrolmentRequired: query.data?.twoFactorEnrolmentRequired === true };
};
