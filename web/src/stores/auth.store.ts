import type { PublicUser } from '@labeldesk/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AuthState {
  token: string | null;
  user: PublicUser | null;
  error: string | null;
  loading: boolean;
  setSession: (token: string, user: PublicUser) => void;
  setUser: (user: PublicUser) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  logout: () => void;
}

/** Spec "Auth state": token, user, error, loading; token and user survive a reload in localStorage. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      error: null,
      loading: false,
      setSession: (token, user) => set({ token, user, error: null, loading: false }),
      setUser: (user) => set({ user }),
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error, loading: false }),
      logout: () => set({ token: null, user: null, error: null, loading: false }),
    }),
    {
      name: 'labeldesk.auth',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

export const getAuthToken = (): string | null => useAuthStore.getState().token;
