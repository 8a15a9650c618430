import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ColorMode = 'light' | 'dark';

interface UiState {
  colorMode: ColorMode;
  sidebarCollapsed: boolean;
  toggleColorMode: () => void;
  toggleSidebar: () => void;
}

const systemColorMode = (): ColorMode =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** UI preferences only; server data lives in TanStack Query. */
export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      colorMode: systemColorMode(),
      sidebarCollapsed: false,
      toggleColorMode: () => set((state) => ({ colorMode: state.colorMode === 'dark' ? 'light' : 'dark' })),
      toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
    }),
    {
      name: 'labeldesk.ui',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ colorMode, sidebarCollapsed }) => ({ colorMode, sidebarCollapsed }),
    },
  ),
);

/** Chakra resolves `_dark` tokens from a `dark` class on an ancestor; the root element carries it. */
export const applyColorMode = (mode: ColorMode): void => {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
};
