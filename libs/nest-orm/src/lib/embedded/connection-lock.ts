/**
 * PGlite is one backend session shared by every socket. Whoever holds this lock owns the session until
 * its protocol exchange is complete (Sync or a simple Query) and no transaction is open, so one
 * connection's extended-protocol messages or transaction never interleave with another's.
 */
export class ConnectionLock {
  private owner: number | null = null;
  private readonly waiting: Array<{ id: number; grant: () => void }> = [];

  get holder(): number | null {
    return this.owner;
  }

  get queueLength(): number {
    return this.waiting.length;
  }

  async acquire(id: number): Promise<void> {
    if (this.owner === id) return;
    if (this.owner === null) {
      this.owner = id;
      return;
    }
    await new Promise<void>((grant) => this.waiting.push({ id, grant }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiting.shift();
    this.owner = next?.id ?? null;
    next?.grant();
  }

  /** Runs `work` holding the lock as `id` (a maintenance pass): never inside a connection's transaction or exchange. */
  async holding<T>(id: number, work: () => Promise<T>): Promise<T> {
    await this.acquire(id);
    try {
      return await work();
    } finally {
      this.release(id);
    }
  }

  /** A closed connection gives up its place in the queue as well as the lock. */
  forget(id: number): void {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
    this.release(id);
  }
}
