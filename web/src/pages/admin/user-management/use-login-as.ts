import type { PublicUser } from '@labeldesk/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { useLoginAsUser } from '../../../services/users/login-as-user';
import { stageSessionHandoff } from '../../../services/users/session-handoff';

/** Spec section 4: after 'login as', the customer area opens 1.5 s later. */
export const LOGIN_AS_REDIRECT_MS = 1_500;

/**
 * 'Login as User': a session as that user, then, 1.5 s later, the customer area, which takes the session over
 * before it shows any page (see session-handoff). Leaving this page before the redirect keeps the admin's session.
 */
export const useLoginAs = () => {
  const loginAs = useLoginAsUser();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = (user: PublicUser) => {
    if (loginAs.isPending || redirecting) return;
    loginAs.mutate(user._id, {
      onSuccess: (session) => {
        notify.success('Successfully logged in as user. Redirecting...');
        setRedirecting(true);
        timer.current = setTimeout(() => void navigate('/main/dashboard', { replace: true, state: stageSessionHandoff(session) }), LOGIN_AS_REDIRECT_MS);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to login as user')),
    });
  };

  return { start, locked: loginAs.isPending || redirecting };
};
