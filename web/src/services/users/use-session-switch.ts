import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authKeys } from '../auth/keys';
import { LOGOUT_STATE } from '../auth/logout';
import { useAuthStore } from '../../stores/auth.store';
import type { SavedSession } from '../../stores/auth.store';
import { handoffIdOf, takeSessionHandoff } from './session-handoff';
import { verifySavedSession } from './verify-saved-session';

/**
 * The customer area's side of 'Login as User' (spec 4): it takes the session handed over by the admin page before
 * any page renders, and returns the admin to their own session from the banner. While either switch runs, the
 * area shows no page (`switching`), so no page asks for one person's data with the other person's token.
 */
export const useSessionSwitch = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const impersonating = useAuthStore((state) => state.impersonator !== null);
  const handoffId = handoffIdOf(location.state);
  const [restoring, setRestoring] = useState<SavedSession | null>(null);
  const [checking, setChecking] = useState(false);

  // Arriving from 'Login as User': switch, then drop the marker so a reload or Back never switches again.
  useEffect(() => {
    if (!handoffId) return;
    const session = takeSessionHandoff(handoffId);
    if (session) {
      // The admin area's cached data is of no use to the customer's screens (and is not theirs to see).
      queryClient.removeQueries({ type: 'inactive' });
      useAuthStore.getState().switchToUser(session.token, session.user);
    }
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [handoffId, location.pathname, location.search, location.hash, navigate, queryClient]);

  // Back to the admin: runs once the area shows no page, so nothing refetches as the admin on the way out.
  useEffect(() => {
    if (!restoring) return;
    queryClient.removeQueries({ type: 'inactive' });
    // The admin area's guard finds the session it needs already checked, instead of showing a spinner again.
    queryClient.setQueryData(authKeys.session(restoring.token), { user: restoring.user });
    useAuthStore.getState().returnToImpersonator(restoring.user);
    if (restoring.user.user_role === 'admin') {
      void navigate('/admin/user-management', { replace: true });
    } else {
      // No longer an admin (demoted meanwhile): their own customer area.
      void Promise.resolve(navigate('/main/dashboard', { replace: true })).then(() => setRestoring(null));
    }
  }, [restoring, navigate, queryClient]);

  /** 'unreachable' when the admin's session could not be checked (no answer): nothing changed, they may try again. */
  const returnToAdmin = async (): Promise<'returning' | 'unreachable'> => {
    const saved = useAuthStore.getState().impersonator;
    if (!saved || checking) return 'returning';
    setChecking(true);
    try {
      const admin = await verifySavedSession(saved.token);
      if (admin) setRestoring({ token: saved.token, user: admin });
      // The admin's own session has expired or was ended: they sign in again.
      else void navigate('/login', { replace: true, state: LOGOUT_STATE });
      return 'returning';
    } catch {
      return 'unreachable';
    } finally {
      setChecking(false);
    }
  };

  return { switching: handoffId !== null || restoring !== null, impersonating, returnToAdmin, checking };
};
