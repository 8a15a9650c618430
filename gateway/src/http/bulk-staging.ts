/** A slice of a batch's rows as one message to orders carries it. */
export interface StageSlice<Row> {
  firstRow: number;
  rows: Row[];
}

/**
 * Slices in flight at once after the first: while orders writes one, the next is checked and sent, so the gateway,
 * the transport and the database overlap instead of taking turns (decision 054). Orders writes a batch's slices one
 * at a time anyway (each touches the draft's row), so more would only queue there.
 */
export const STAGE_SLICES_IN_FLIGHT = 2;

/**
 * Sends `rows` (the batch's rows from `firstRow` on) in slices of `sliceRows` and answers how many were staged. A
 * slice from row 0 clears the draft's earlier rows, so it is written before any other slice is sent. Every slice
 * sent is waited for, even after one fails: the answer (or the first failure, in row order) comes once nothing of
 * this call is still on its way.
 */
export async function stageInSlices<Row>(
  rows: readonly Row[],
  firstRow: number,
  sliceRows: number,
  send: (slice: StageSlice<Row>) => Promise<number>,
): Promise<number> {
  if (!Number.isInteger(sliceRows) || sliceRows < 1) throw new RangeError(`sliceRows must be a whole number ≥ 1, got ${sliceRows}`);
  const slices: Array<StageSlice<Row>> = [];
  for (let offset = 0; offset < rows.length; offset += sliceRows) slices.push({ firstRow: firstRow + offset, rows: rows.slice(offset, offset + sliceRows) });

  let staged = 0;
  let next = 0;
  const first = slices[0];
  if (firstRow === 0 && first) {
    staged += await send(first);
    next = 1;
  }
  const results: Array<PromiseSettledResult<number>> = [];
  const lane = async (): Promise<void> => {
    for (let slice = slices[next]; slice !== undefined; slice = slices[next]) {
      const at = next++;
      results[at] = await send(slice).then(
        (value): PromiseFulfilledResult<number> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason }),
      );
      if (results[at]?.status === 'rejected') next = slices.length;
    }
  };
  await Promise.all(Array.from({ length: STAGE_SLICES_IN_FLIGHT }, lane));
  for (const result of results) {
    if (result === undefined) continue;
    if (result.status === 'rejected') throw result.reason;
    staged += result.value;
  }
  return staged;
}
