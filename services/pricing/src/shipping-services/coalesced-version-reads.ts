/** Versions by scope; a scope never written is missing (version 0). */
export type VersionsByScope = ReadonlyMap<string, number>;

/** The most scopes one read asks for; the rest of a longer queue waits for the next read. */
const MAX_SCOPES_PER_READ = 500;

interface Waiter {
  scopes: readonly string[];
  resolve: (versions: VersionsByScope) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the catalogue's versions for many quotes in one statement, one read at a time. A quote asking while a read
 * is under way waits for the next one and never joins the one already started: the read it gets began after it
 * asked, so it sees every write committed before it (decision 022's promise: an admin's change applies to the very
 * next quote). A quote asking while no read is under way starts one at once, so an idle service answers as soon as
 * with a read per quote; under load, or after a pause, every quote that arrived meanwhile shares one round trip.
 */
export class CoalescedVersionReads {
  private queue: Waiter[] = [];
  private reading = false;

  /**
   * @param read the versions of the given scopes, in one statement
   * @param readStarting called as each read starts; what it returns is called with the read's versions (the sole
   *   replica's memory keeps them only if no write ended since the read began)
   * @param deadlineMs how long a read may take before its quotes fail and the next read starts
   */
  constructor(
    private readonly read: (scopes: string[]) => Promise<VersionsByScope>,
    private readonly readStarting: () => (scopes: string[], versions: VersionsByScope) => void = () => () => undefined,
    private readonly deadlineMs = 5_000,
  ) {}

  versionsOf(scopes: readonly string[]): Promise<VersionsByScope> {
    return new Promise((resolve, reject) => {
      this.queue.push({ scopes, resolve, reject });
      if (!this.reading) this.readNext();
    });
  }

  private readNext(): void {
    const scopes = new Set<string>();
    let taken = 0;
    for (; taken < this.queue.length; taken++) {
      const asked = (this.queue[taken] as Waiter).scopes;
      // The first waiter always goes, whatever it asks; later ones only while the read stays within its bound.
      if (taken > 0 && scopes.size + asked.filter((scope) => !scopes.has(scope)).length > MAX_SCOPES_PER_READ) break;
      for (const scope of asked) scopes.add(scope);
    }
    const batch = this.queue.splice(0, taken);
    this.reading = batch.length > 0;
    if (!this.reading) return;
    const asked = [...scopes];
    let finished: (scopes: string[], versions: VersionsByScope) => void = () => undefined;
    let settled = false;
    const settle = (outcome: { versions: VersionsByScope } | { error: unknown }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if ('versions' in outcome) {
        try {
          finished(asked, outcome.versions);
        } catch {
          // Keeping the versions is an optimisation: the quotes still get what the read found.
        }
      }
      for (const waiter of batch) {
        if ('versions' in outcome) waiter.resolve(outcome.versions);
        else waiter.reject(outcome.error);
      }
      this.readNext();
    };
    // A read that hangs (a lock, a lost connection) fails its quotes after the deadline and lets the next read go,
    // rather than holding every later quote in the queue; what it finds after that is not used.
    const deadline = setTimeout(() => settle({ error: new Error(`The catalogue's versions were not read within ${this.deadlineMs} ms`) }), this.deadlineMs).unref();
    try {
      finished = this.readStarting();
      this.read(asked).then(
        (versions) => settle({ versions }),
        (error: unknown) => settle({ error }),
      );
    } catch (error) {
      settle({ error });
    }
  }
}
