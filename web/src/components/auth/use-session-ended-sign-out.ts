import { sessionEndedSchema } from '@labeldesk/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionEndedMessage } from '../../libs/session-ended';
import { getSocket } from '../../libs/socket';
import { LOGOUT_STATE } from '../../services/auth/logout';
import { sessionRefusal } from '../../services/auth/session-refusal';
import { useAuthStore } from '../../stores/auth.store';
import { useSessionNoticeStore } from '../../stores/session-notice.store';

/** How long an ending that a fresh token may overtake waits (the password change's answer is one round trip). */
const NEW_TOKEN_GRACE_MS = 2_000;

/**
 * Keeps the session's socket open on every signed-in page, so the server can end the session in an open tab: when
 * the user is blocked or deleted (or their password or role changes) the tab signs out at once, through the login
 * page's logout like the Logout button, and the login page says why. A close without that event (the tab slept
 * through it, or reconnected after it) asks the server whether the session still stands, with the same outcome.
 */
export const useSessionEndedSignOut = (): void => {
  const token = useAuthStore((state) => state.token);
  const navigate = useNavigate();
  useEffect(() => {
    const socket = token ? getSocket() : null;
    if (!socket) return undefined;
    let signedOut = false;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const signOut = (notice: string): void => {
      if (signedOut || useAuthStore.getState().token !== token) return;
      signedOut = true;
      useSessionNoticeStore.getState().setNotice(notice);
      navigate('/login', { replace: true, state: LOGOUT_STATE });
    };
    // A password changed in this very tab ends its old token too, and its fresh token may arrive just after the
    // news: such an ending waits a moment, and is dropped once the session continues on a new token.
    const later = (act: () => void): void => {
      timers.push(setTimeout(act, NEW_TOKEN_GRACE_MS));
    };
    const onEnded = (event: unknown): void => {
      const notice = sessionEndedMessage(event);
      if (sessionEndedSchema.safeParse(event).data?.reason === 'password-changed') later(() => signOut(notice));
      else signOut(notice);
    };
    const onDisconnect = (reason: string): void => {
      if (reason !== 'io server disconnect' || !token) return;
      later(() => {
        if (!signedOut && useAuthStore.getState().token === token) void sessionRefusal(token).then((notice) => notice && signOut(notice));
      });
    };
    socket.on('sessionEnded', onEnded);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('sessionEnded', onEnded);
      socket.off('disconnect', onDisconnect);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [token, navigate]);
};
