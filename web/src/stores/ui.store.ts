import type { ApiMode } from '@labeldesk/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ColorMode = 'light' | 'dark';

interface UiState {
  colorMode: ColorMode;
  sidebarCollapsed: boolean;
  /**
   * Test mode (issue 48, decision 110): the lists show the labels made with test keys (ld_test_…) instead of the live
   * ones, and nothing is bought from the web app. Off until switched on; remembered in this browser.
   */
  testMode: boolean;
  toggleColorMode: () => void;
  toggleSidebar: () => void;
  setTestMode: (on: boolean) => void;
}

const systemColorMode = (): ColorMode =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** UI preferences only; server data lives in TanStack Query. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      colorMode: systemColorMode(),
      sidebarCollapsed: false,
      testMode: false,
      toggleColorMode: () => set((state) => ({ colorMode: state.colorMode === 'dark' ? 'light' : 'dark' })),
      toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
      setTestMode: (on) => set({ testMode: on }),
    }),
    {
      name: 'labeldesk.ui',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ colorMode, sidebarCollapsed, testMode }) => ({ colorMode, sidebarCollapsed, testMode }),
    },
  ),
);

/** The mode the lists ask for: the labels of test keys while test mode is on, else the live ones. */
export const useListMode = (): ApiMode => useUiStore((state) => (state.testMode ? 'test' : 'live'));

/** Chakra resolves `_dark` tokens from a `dark` class on an ancestor; the root element carries it. */
export const applyColorMode = (mode: ColorMode): void => {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
};
