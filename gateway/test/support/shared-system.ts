import { startHookTimeout, type RunningSystem } from '@labeldesk/testing';

/**
 * One system for every suite declared in the enclosing `describe`: started before its first test, stopped after its
 * last. Starting a system is most of an integration file's time (a distributed one is twelve processes), so suites that
 * need no settings of their own share one; each of their tests makes its own users, so none sees another's data.
 * Answers the running system; call it inside a hook or a test.
 */
export const sharedSystem = <System extends RunningSystem>(start: () => Promise<System>): (() => System) => {
  let system: System | undefined;
  beforeAll(async () => {
    system = await start();
  }, startHookTimeout());
  afterAll(async () => {
    await system?.stop();
  }, 60_000);
  return () => {
    if (!system) throw new Error('the shared system is not running: it failed to start, or was asked for outside a hook or a test');
    return system;
  };
};
