import { PeriodicTask } from './periodic-task';

class Counting extends PeriodicTask<number> {
  rounds = 0;
  release: (() => void) | null = null;
  fail = false;

  constructor(private readonly every: number | null) {
    super();
  }

  protected get everyMs(): number | null {
    return this.every;
  }

  protected async round(): Promise<number> {
    this.rounds++;
    if (this.fail) throw new Error('carrier down');
    await new Promise<void>((resolve) => (this.release = resolve));
    return this.rounds;
  }

  now(): Promise<number | null> {
    return this.runRound();
  }
}

describe('a periodic task', () => {
  afterEach(() => jest.useRealTimers());

  it('runs one round at a time in a process: a round asked for while one runs is skipped', async () => {
    const task = new Counting(null);
    const first = task.now();
    expect(await task.now()).toBeNull();
    task.release?.();
    expect(await first).toBe(1);
    expect(task.rounds).toBe(1);
  });

  it('runs on its timer, keeps going after a failed round, and stops at shutdown', async () => {
    jest.useFakeTimers();
    const task = new Counting(1_000);
    task.fail = true;
    jest.spyOn(task['logger'], 'error').mockImplementation(() => undefined);
    task.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(task.rounds).toBe(3);
    task.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(task.rounds).toBe(3);
  });

  it('never starts when it is off', async () => {
    jest.useFakeTimers();
    const task = new Counting(null);
    task.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(task.rounds).toBe(0);
  });
});
