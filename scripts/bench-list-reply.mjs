// npm run bench:list-reply — the gateway's CPU per GET /api/orders/:userId answer (a user with 200 orders), the two
// ways the gateway can hand the orders service's reply on: as the text orders sent (callForText, decision 033), or
// read into objects, checked against the contract again and written again (`call` + res.json). Needs the build
// (`node scripts/build.mjs --no-web`). One thread, no network: the figure is CPU time per answer, so it holds on a
// loaded machine far better than a latency run does (best of RUNS runs of N answers each).
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { machineSpeed } from './bench-api/machine-speed.mjs';

const require = createRequire(import.meta.url);
const { OrdersRpc } = require('../libs/contracts/dist/index.js');

const RUNS = Number(process.env.RUNS ?? 7);
const N = Number(process.env.N ?? 2000);
const orders = Array.from({ length: 200 }, (_, i) => ({
  _id: `3f1c2a9e-7b4d-4c1e-9f0a-${String(i).padStart(12, '0')}`,
  service_name: 'USPS Priority Mail',
  courier: 'USPS',
  sender: { sender_name: 'Acme Widgets Fulfilment' },
  receiver: { receiver_name: `Customer Number ${i}` },
  tracking_number: `92055999999999000${String(10_000 + i)}`,
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  pdfName: `label_92055999999999000${String(10_000 + i)}_AbCdEfGhIjKlMnOpQrStUv.pdf`,
  status: i % 17 === 0 ? 'cancelled' : 'completed',
  price: 850,
  ordered: 1,
  processed: i % 17 === 0 ? 0 : 1,
  failureReason: i % 17 === 0 ? 'Sandbox carrier: simulated failure' : null,
}));
const sent = JSON.stringify({ orders });

const ways = {
  // What `call` does with orders' reply, then Express's res.json.
  objects: () => JSON.stringify(OrdersRpc.list.response.parse(JSON.parse(sent))),
  // callForText: the text goes out as it came.
  text: () => sent,
};

const perAnswerUs = (fn) => {
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) bytes += fn().length;
    const us = ((performance.now() - started) * 1000) / N;
    if (bytes === 0) throw new Error('nothing produced');
    best = Math.min(best, us);
  }
  return best;
};

const speed = machineSpeed();
for (const fn of Object.values(ways)) perAnswerUs(fn); // warm-up: the JIT and zod's compiled checks
const objects = perAnswerUs(ways.objects);
const text = perAnswerUs(ways.text);
console.log(`machine speed (scripts/bench-api/machine-speed.mjs, lower is faster): fastest ${speed.minMs} ms, median ${speed.medianMs} ms a pass`);
console.log(`reply of 200 orders: ${(sent.length / 1024).toFixed(1)} KiB`);
console.log(`objects (call + res.json): ${objects.toFixed(1)} µs of CPU per answer`);
console.log(`text (callForText):        ${text.toFixed(2)} µs per answer`);
console.log(`at the route's 300 answers/s target, read and written again: ${((objects * 300) / 10_000).toFixed(1)} % of a core`);
