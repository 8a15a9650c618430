import type { PublicUser } from '@labeldesk/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A token and the user it belongs to. */
export interface SavedSession {
  token: string;
  user: PublicUser;
}

interface AuthState {
  token: string | null;
  user: PublicUser | null;
  error: string | null;
  loading: boolean;
  /** The admin's own session, kept aside while they are signed in as another user ('Login as User'); else null. */
  impersonator: SavedSession | null;
  /**
   * A sign-in (login, register) or a fresh token for the signed-in user (referral applied, password changed). A
   * session kept aside survives only a fresh token for the same user: another user's sign-in forgets it.
   */
  setSession: (token: string, user: PublicUser) => void;
  /** Spec 4 "Login as user": the token and user are replaced; the admin's session is kept aside to return to. */
  switchToUser: (token: string, user: PublicUser) => void;
  /** Back to the session kept aside, with its user as the server just confirmed it. */
  returnToImpersonator: (user: PublicUser) => void;
  setUser: (user: PublicUser) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  logout: () => void;
}

/** Spec "Auth state": token, user, error, loading; token and user (and a session kept aside) survive a reload in localStorage. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      error: null,
      loading: false,
      impersonator: null,
      setSession: (token, user) =>
        set((state) => ({ token, user, error: null, loading: false, impersonator: state.user?._id === user._id ? state.impersonator : null })),
      switchToUser: (token, user) =>
        set((state) => ({
          token,
          user,
          error: null,
          loading: false,
          // Switching again from a switched session still returns to the first one (the server refuses an admin signing in
          // as another admin, decision 037, but a stale page may still ask).
          impersonator: state.impersonator ?? (state.token && state.user ? { token: state.token, user: state.user } : null),
        })),
      returnToImpersonator: (user) =>
        set((state) => (state.impersonator ? { token: state.impersonator.token, user, impersonator: null, error: null, loading: false } : {})),
      setUser: (user) => set({ user }),
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error, loading: false }),
      // Logging out of a switched session ends both: a shared browser must not keep an admin session behind it.
      logout: () => set({ token: null, user: null, error: null, loading: false, impersonator: null }),
    }),
    {
      name: 'labeldesk.auth',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, impersonator }) => ({ token, user, impersonator }),
    },
  ),
);

export const getAuthToken = (): string | null => useAuthStore.getState().token;
