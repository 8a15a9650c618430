import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionEndedMessage } from '../../libs/session-ended';
import { getSocket } from '../../libs/socket';
import { LOGOUT_STATE } from '../../services/auth/logout';
import { useAuthStore } from '../../stores/auth.store';
import { useSessionNoticeStore } from '../../stores/session-notice.store';

/**
 * Keeps the session's socket open on every signed-in page, so the server can end the session in an open tab: when
 * the user is blocked or deleted (or their password or role changes) the tab signs out at once, through the login
 * page's logout like the Logout button, and the login page says why.
 */
export const useSessionEndedSignOut = (): void => {
  const token = useAuthStore((state) => state.token);
  const navigate = useNavigate();
  useEffect(() => {
    const socket = token ? getSocket() : null;
    if (!socket) return undefined;
    const onEnded = (event: unknown): void => {
      useSessionNoticeStore.getState().setNotice(sessionEndedMessage(event));
      navigate('/login', { replace: true, state: LOGOUT_STATE });
    };
    socket.on('sessionEnded', onEnded);
    return () => {
      socket.off('sessionEnded', onEnded);
    };
  }, [token, navigate]);
};
