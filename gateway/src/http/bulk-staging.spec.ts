import { STAGE_SLICES_IN_FLIGHT, stageInSlices, type StageSlice } from './bulk-staging';

/** A send whose answers the test releases one by one, recording what was in flight when each slice went. */
function controlledSend() {
  const sent: Array<{ firstRow: number; size: number; inFlightBefore: number }> = [];
  const waiting = new Map<number, { resolve: (n: number) => void; reject: (e: unknown) => void }>();
  let inFlight = 0;
  const send = (slice: StageSlice<number>) =>
    new Promise<number>((resolve, reject) => {
      sent.push({ firstRow: slice.firstRow, size: slice.rows.length, inFlightBefore: inFlight });
      inFlight++;
      waiting.set(slice.firstRow, {
        resolve: (n) => { inFlight--; resolve(n); },
        reject: (e) => { inFlight--; reject(e); },
      });
    });
  const settle = async (firstRow: number, outcome: number | Error) => {
    const call = waiting.get(firstRow);
    if (!call) throw new Error(`slice ${firstRow} was not sent`);
    waiting.delete(firstRow);
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { send, sent, settle, waiting };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('stageInSlices', () => {
  it('writes the slice from row 0 alone before sending any other, since it clears the earlier rows', async () => {
    const { send, sent, settle } = controlledSend();
    const done = stageInSlices(rows(1000), 0, 250, send);
    await tick();
    expect(sent.map((s) => s.firstRow)).toEqual([0]);
    await settle(0, 250);
    expect(sent.map((s) => s.firstRow)).toEqual([0, 250, 500]);
    await settle(250, 250);
    await settle(500, 250);
    await settle(750, 250);
    await expect(done).resolves.toBe(1000);
  });

  it('keeps at most two slices in flight after the first and answers the rows staged', async () => {
    const { send, sent, settle } = controlledSend();
    const done = stageInSlices(rows(1100), 0, 250, send);
    await tick();
    for (const at of [0, 500, 250, 750, 1000]) await settle(at, at === 1000 ? 100 : 250);
    await expect(done).resolves.toBe(1100);
    expect(Math.max(...sent.map((s) => s.inFlightBefore))).toBe(STAGE_SLICES_IN_FLIGHT - 1);
    expect(sent.map((s) => [s.firstRow, s.size])).toEqual([[0, 250], [250, 250], [500, 250], [750, 250], [1000, 100]]);
  });

  it('sends a slice that does not start at row 0 side by side from its first sub-slice', async () => {
    const { send, sent, settle } = controlledSend();
    const done = stageInSlices(rows(500), 2000, 250, send);
    await tick();
    expect(sent.map((s) => s.firstRow)).toEqual([2000, 2250]);
    await settle(2250, 250);
    await settle(2000, 250);
    await expect(done).resolves.toBe(500);
  });

  it('sends nothing more after a failure and answers it only once the slice still in flight is back', async () => {
    const { send, sent, settle, waiting } = controlledSend();
    let answered = false;
    const failure = stageInSlices(rows(1500), 0, 250, send).catch((error: unknown) => error).finally(() => (answered = true));
    await tick();
    await settle(0, 250);
    await settle(250, new Error('orders is away'));
    expect(answered).toBe(false);
    expect(waiting.has(500)).toBe(true);
    await settle(500, 250);
    expect(await failure).toEqual(new Error('orders is away'));
    expect(sent.map((s) => s.firstRow)).toEqual([0, 250, 500]);
  });

  it('answers the first failure in row order when two slices fail', async () => {
    const { send, settle } = controlledSend();
    const failure = stageInSlices(rows(750), 0, 250, send).catch((error: unknown) => error);
    await tick();
    await settle(0, 250);
    await settle(500, new Error('second'));
    await settle(250, new Error('first'));
    expect(await failure).toEqual(new Error('first'));
  });

  it('refuses a slice size that is not a whole number of rows', async () => {
    await expect(stageInSlices(rows(3), 0, 0, async () => 0)).rejects.toThrow(RangeError);
  });
});
