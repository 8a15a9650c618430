import type { ReactElement, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthStore } from '../../stores/auth.store';
import { mayOpenMainRoute } from '../layout/nav-roles';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { useSessionCheck } from './use-session-check';

interface GuardProps {
  children: ReactNode;
}

/** /main/*: a verified session. The stored user is shown while the check runs; without one, a spinner. */
export const RequireSession = ({ children }: GuardProps): ReactElement => {
  const { token, failed } = useSessionCheck();
  const user = useAuthStore((state) => state.user);
  if (!token || failed) return <Navigate to="/login" replace />;
  if (!user) return <FullPageSpinner label="Checking your session" />;
  return <>{children}</>;
};

/**
 * /admin/*: signed in and role admin, confirmed by the server; anyone else goes to the landing page. An admin the
 * server asks to turn on two-factor sign-in first (ADMIN_2FA_REQUIRED) goes to the Account page to do it.
 */
export const RequireAdmin = ({ children }: GuardProps): ReactElement => {
  const { token, verifiedUser, failed, twoFactorEnrolmentRequired } = useSessionCheck();
  if (!token || failed) return <Navigate to="/" replace />;
  if (!verifiedUser) return <FullPageSpinner label="Checking your session" />;
  if (verifiedUser.user_role !== 'admin') return <Navigate to="/" replace />;
  if (twoFactorEnrolmentRequired) return <Navigate to="/main/account" state={{ enrolTwoFactor: true }} replace />;
  return <>{children}</>;
};

/**
 * A /main route with a sidebar entry kept from some roles (Invites, Admin Panel): those roles go to their dashboard,
 * as if the address did not exist for them. The role is the stored one, which the session check keeps current.
 */
export const RequireNavRole = ({ to, children }: GuardProps & { to: string }): ReactElement => {
  const role = useAuthStore((state) => state.user?.user_role);
  if (!mayOpenMainRoute(to, role)) return <Navigate to="/main/dashboard" replace />;
  return <>{children}</>;
};

/** /onboarding: only someone who just signed up (or is signed in) has a token to apply a code with. */
export const RequireToken = ({ children }: GuardProps): ReactElement => {
  const token = useAuthStore((state) => state.token);
  if (!token) return <Navigate to="/login" replace />;
  return <>{children}</>;
};
