/**
 * Runs the calls of one step that arrive together as one statement: a bulk engine buying many labels at once
 * otherwise sends one-row statements for each step of each purchase, and a statement's fixed cost (a round trip, a
 * parse, a commit) is most of the database's work per label (decision 052). One statement of a
 * kind is in flight at a time; calls made meanwhile wait for it and go together in the next (as a database's group
 * commit does), so an idle database adds no wait and a busy one gets fewer, larger statements. Each call still
 * waits for its own answer, so a caller goes on only once its row is written: grouping changes the statement
 * count, never what a caller may assume.
 *
 * `runMany` answers one result per input, in input order; if it throws, every call of that group rejects with it.
 */
export class Coalescer<I, O> {
  private pending: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly runMany: (inputs: I[]) => Promise<O[]>,
    private readonly maxGroup = 200,
  ) {
    if (!Number.isInteger(maxGroup) || maxGroup < 1) throw new RangeError(`maxGroup must be a whole number ≥ 1, got ${maxGroup}`);
  }

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.running) return;
      this.running = true;
      // The rest of this turn's calls join the first group.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending.splice(0, this.maxGroup);
      try {
        const outputs = await this.runMany(group.map((call) => call.input));
        if (outputs.length !== group.length) throw new Error(`a grouped statement answered ${outputs.length} results for ${group.length} calls`);
        group.forEach((call, index) => call.resolve(outputs[index] as O));
      } catch (error) {
        for (const call of group) call.reject(error);
      }
    }
    this.running = false;
  }
}
