/**
 * The stores persist to localStorage, which node has not: specs install this memory one before they load a store.
 * Answers the map behind it, so a spec can read what a store persisted.
 */
export const installMemoryLocalStorage = (): Map<string, string> => {
  const memory = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
      clear: () => memory.clear(),
      key: () => null,
      length: 0,
    },
  });
  return memory;
};
