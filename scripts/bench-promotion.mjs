// npm run bench:promotion — how much of a bare HTTP server's per-request memory V8 promotes to the old space, and its
// CPU, at 1,000 JSON posts a second over 64 kept-alive connections (decision 034): Node's `http` alone, the same with
// express's per-request `Object.setPrototypeOf`, express with its JSON parser, and the same with requests and
// responses born with express's prototypes (what the gateway's PrototypedExpressAdapter does).
// Old-space growth is counted only over seconds without a full collection. Usage: node scripts/bench-promotion.mjs
// [variant ...] (default: all four).
import { fork } from 'node:child_process';
import http from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { createPool, requestBytes } from './bench-api/http1-client.mjs';

const REQUESTS = 10_000;
const RATE = 1_000;
const VARIANTS = ['node', 'node+setPrototypeOf', 'express+json', 'express+json, born with its prototypes'];

/** The server side, in a child process: one variant, answering until asked for its report. */
const serve = async (variant) => {
  const handleBody = (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ totalPrice: body.shipments.length * 512 }));
    });
  };
  let server;
  if (variant.startsWith('node')) {
    const requestPrototype = Object.create(http.IncomingMessage.prototype);
    const responsePrototype = Object.create(http.ServerResponse.prototype);
    server = http.createServer((req, res) => {
      if (variant === 'node+setPrototypeOf') {
        Object.setPrototypeOf(req, requestPrototype);
        Object.setPrototypeOf(res, responsePrototype);
      }
      handleBody(req, res);
    });
  } else {
    const { default: express } = await import('express');
    const app = express();
    app.use(express.json());
    for (let i = 0; i < 50; i++) app.get(`/api/other/${i}/:userId`, (_req, res) => res.json({}));
    app.post('/api/quote', (req, res) => res.json({ totalPrice: req.body.shipments.length * 512 }));
    if (variant.includes('born')) {
      // The gateway's own code (built: npm run build), a CommonJS module.
      const adapter = await import('../gateway/dist/http/prototyped-express.adapter.js');
      const { expressMessageClasses } = adapter.default ?? adapter;
      server = http.createServer(expressMessageClasses(app), app);
    } else server = http.createServer(app);
  }
  const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
  let fullCollections = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.detail?.kind === 2) fullCollections++;
  }).observe({ entryTypes: ['gc'] });
  let last = oldSpace();
  let lastFull = 0;
  let growth = 0;
  let seconds = 0;
  setInterval(() => {
    const now = oldSpace();
    if (fullCollections === lastFull && now > last) {
      growth += now - last;
      seconds++;
    }
    last = now;
    lastFull = fullCollections;
  }, 1_000).unref();
  const cpuBefore = process.cpuUsage();
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', () => {
    const cpu = process.cpuUsage(cpuBefore);
    process.send({ promotedMBps: seconds ? growth / seconds / 1e6 : 0, cpuMs: (cpu.user + cpu.system) / 1e3 });
    process.exit(0);
  });
};

/** The load: REQUESTS posts at RATE a second, each on an idle kept-alive connection (at most 64): bench:api's client. */
const load = (port) =>
  new Promise((resolve, reject) => {
    const pool = createPool({ host: '127.0.0.1', port, connections: 64, timeoutMs: 10_000 });
    const body = Buffer.from(JSON.stringify({ userId: 'u1', shipments: [{ service_name: 'USPS Ground Advantage', package: { package_weight: 2 } }] }));
    const bytes = requestBytes({ method: 'POST', path: '/api/quote', host: `127.0.0.1:${port}`, headers: { 'Content-Type': 'application/json' }, body });
    const started = performance.now();
    let sent = 0;
    let answered = 0;
    const answer = (status, text) => {
      if (status !== 200) {
        pool.close();
        return reject(new Error(`the server answered ${status}: ${text}`));
      }
      if (++answered === REQUESTS) {
        pool.close();
        resolve();
      }
    };
    const tick = () => {
      const due = Math.min(REQUESTS, Math.floor(((performance.now() - started) * RATE) / 1_000));
      for (; sent < due; sent++) pool.send(bytes, answer);
      if (sent < REQUESTS) setTimeout(tick, 1);
    };
    tick();
  });

const measure = async (variant) => {
  const child = fork(new URL(import.meta.url).pathname, ['--serve', variant]);
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  await load(port);
  const report = new Promise((resolve) => child.once('message', resolve));
  child.send('report');
  return report;
};

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else {
  const asked = process.argv.slice(2);
  console.log(`bench:promotion — ${REQUESTS} JSON posts at ${RATE}/s over at most 64 kept-alive connections, node ${process.version}`);
  console.log('| server | promoted to the old space, MB/s | server CPU, ms |');
  console.log('|---|---|---|');
  for (const variant of asked.length ? asked : VARIANTS) {
    const { promotedMBps, cpuMs } = await measure(variant);
    console.log(`| ${variant} | ${promotedMBps.toFixed(2)} | ${Math.round(cpuMs)} |`);
  }
}
