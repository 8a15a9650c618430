import { installMemoryLocalStorage } from '../testing/memory-local-storage';

const memory = installMemoryLocalStorage();

type UiModule = typeof import('./ui.store');

/** A fresh copy of the store, as a page load makes it: it reads what an earlier page left in localStorage. */
const loadStore = async (): Promise<UiModule> => {
  jest.resetModules();
  return import('./ui.store');
};

const persisted = (): Record<string, unknown> => (JSON.parse(memory.get('labeldesk.ui') ?? '{}') as { state?: Record<string, unknown> }).state ?? {};

beforeEach(() => memory.clear());

describe('the test-mode switch in the UI store', () => {
  it('is off in a browser that never switched it', async () => {
    const ui = await loadStore();
    expect(ui.useUiStore.getState().testMode).toBe(false);
  });

  it('is remembered in this browser once switched on, and a page loaded afterwards starts in test mode', async () => {
    const first = await loadStore();
    first.useUiStore.getState().setTestMode(true);
    expect(persisted()['testMode']).toBe(true);
    const reloaded = await loadStore();
    expect(reloaded.useUiStore.getState().testMode).toBe(true);
  });

  it('is remembered off again once switched off, keeping the other settings', async () => {
    const ui = await loadStore();
    ui.useUiStore.getState().setTestMode(true);
    ui.useUiStore.getState().toggleSidebar();
    ui.useUiStore.getState().setTestMode(false);
    expect(persisted()).toMatchObject({ testMode: false, sidebarCollapsed: true });
    const reloaded = await loadStore();
    expect([reloaded.useUiStore.getState().testMode, reloaded.useUiStore.getState().sidebarCollapsed]).toEqual([false, true]);
  });
});
