// How fast this machine is right now, in the currency the API spends: one core building, writing and reading back
// the JSON of a 200-order list, many times (objects, strings, the collector). Runs on the same code and input every
// time, so two benchmark results are comparable only when their machine speeds are close: on this shared 2-core
// machine the same build's CPU a request under the same load moves from one day to the next.
const order = (i) => ({
  _id: `b3c1a6d2-1f3e-4a55-9d1a-${String(i).padStart(12, '0')}`,
  service_name: 'USPS Ground Advantage',
  courier: 'usps',
  sender: { sender_name: 'Acme Shipping Co' },
  receiver: { receiver_name: `Jane Receiver ${i}` },
  tracking_number: `94001118992233${String(i).padStart(8, '0')}`,
  createdAt: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
  pdfName: `label-${i}.pdf`,
  status: i % 7 === 0 ? 'failed' : 'completed',
  price: 400 + (i % 50),
  ordered: 1,
  processed: i % 7 === 0 ? 0 : 1,
  failureReason: i % 7 === 0 ? 'Address not found' : null,
});

/** One pass: 100 lists built, written and read back; returns a number that depends on all of it. */
const pass = () => {
  let check = 0;
  for (let k = 0; k < 100; k++) {
    const list = { orders: Array.from({ length: 200 }, (_, i) => order(i + k)) };
    const back = JSON.parse(JSON.stringify(list));
    check += back.orders[k % 200].price;
  }
  return check;
};

/**
 * Milliseconds for one pass after three warm-up passes (the first ones run before the JIT has compiled the code and
 * while the heap is still growing): the fastest of `repeats` (the core's own speed) and their median (what the
 * machine's other load leaves of it). Lower is faster. Measured on the calling thread: call it while nothing else of
 * the benchmark runs.
 */
export const machineSpeed = (repeats = 15) => {
  for (let w = 0; w < 3; w++) pass();
  const times = [];
  for (let r = 0; r < repeats; r++) {
    const start = performance.now();
    if (pass() < 0) throw new Error('unreachable: keeps the work from being optimised away');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return { minMs: round(times[0]), medianMs: round(times[Math.floor(times.length / 2)]) };
};
