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

  useEffect(() => {
    if (verifiedUser) useAuthStore.getState().setUser(verifiedUser);
  }, [verifiedUser]);

  useEffect(() => {
    if (failed) useAuthStore.getState().logout();
  }, [failed]);

  return { token, verifiedUser, failed };
};
