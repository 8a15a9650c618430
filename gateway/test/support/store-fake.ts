/**
 * A fake store for a system's stores suite: started before the system, since the orders service reads the store's
 * settings at start (`env()` starts it and answers the settings that point the plugin at it), then handed to the tests.
 */
export const fakeStoreForSuite = <Fake extends { stop(): Promise<void> }>(name: string, start: () => Promise<Fake>, settingsOf: (fake: Fake) => Record<string, string>) => {
  let fake: Fake | null = null;
  return {
    async env(): Promise<Record<string, string>> {
      fake = await start();
      return settingsOf(fake);
    },
    server(): Fake {
      if (!fake) throw new Error(`the fake ${name} is not running`);
      return fake;
    },
    stop: () => fake?.stop(),
  };
};
