import { create } from 'zustand';

interface SessionNoticeState {
  /** Why the server ended this tab's session (blocked, deleted...), shown on the login page until the next attempt. */
  notice: string | null;
  setNotice: (notice: string | null) => void;
}

export const useSessionNoticeStore = create<SessionNoticeState>()((set) => ({
  notice: null,
  setNotice: (notice) => set({ notice }),
}));
