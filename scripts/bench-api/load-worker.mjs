// The bench:api load generator, run as its own process (child_process.fork from scripts/bench-api/load.mjs) so that
// the client's JavaScript never shares an event loop with the harness or the server. It receives one
// `{ type: 'run', spec }` message, sends `{ type: 'phase', phase: 'measure' | 'end', hrUs }` as the measured window
// opens and closes (hrUs: CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles), then `{ type: 'result', result }`.
//
// spec: { base, connections, idleMs?, mode: 'open' | 'closed', rate, concurrency, warmupS, rampS, durationS, timeoutMs,
//         requests: [{ method, path, headers, body }] (used round robin), idempotencyKey: boolean,
//         expect?: { status, nonEmpty } (an answer is served only with exactly that status and a non-empty array in
//         its JSON field `nonEmpty`; any other counts as an error, so a load cannot pass on empty answers) }
//
// Open loop: after a warm-up whose rate ramps from 0 and then holds, request i is due at i/rate, sent by a timer that wakes at the
// next due time (never a busy wait, which would take a core from the server), and its latency runs from that due time
// to the end of the response body, so a server that falls behind is charged for the queue it causes (no coordinated
// omission).
// Closed loop: `concurrency` loops, each sending its next request when the previous one has answered.
import { randomUUID } from 'node:crypto';
import { unexpectedAnswer } from './answer-check.mjs';
import { createPool, requestBytes } from './http1-client.mjs';
import { summarize } from './stats.mjs';

const hrUs = () => Number(process.hrtime.bigint() / 1000n);

const createClient = (spec) => {
  const url = new URL(spec.base);
  const pool = createPool({ host: url.hostname, port: Number(url.port), connections: spec.connections, timeoutMs: spec.timeoutMs, idleMs: spec.idleMs });
  const host = url.host;
  let next = 0;
  const prepared = spec.requests.map((r) => {
    const body = r.body === undefined ? undefined : Buffer.from(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    const request = { method: r.method, path: url.pathname.replace(/\/$/, '') + r.path, host, headers: { ...(r.headers ?? {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body };
    // Without a per-request header the bytes are the same every time: built once.
    return { request, bytes: spec.idempotencyKey ? null : requestBytes(request) };
  });
  /**
   * Sends the next request; `done(status, detail, ok)` once: status 0 is a network error or time-out; ok: a 2xx answer
   * that is what `spec.expect` asks for (detail then says what it lacked).
   */
  const send = (done) => {
    const { request, bytes } = prepared[next++ % prepared.length];
    const toSend = bytes ?? requestBytes({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${randomUUID()}` } });
    pool.send(toSend, (status, body) => {
      const failed = status < 200 || status >= 300;
      const problem = failed ? null : unexpectedAnswer(spec.expect, status, body);
      const detail = !failed && !problem ? '' : typeof body === 'string' ? body : body.toString('utf8', 0, Math.min(body.length, 300));
      done(status, problem ? `${problem}: ${detail}` : detail, !failed && !problem);
    });
  };
  return { send, close: () => pool.close() };
};

/** Collects the measured requests: latencies of the 2xx ones, statuses, errors with one sample answer each. */
const createRecorder = () => {
  const latencies = [];
  const statuses = {};
  const errors = {};
  const errorSamples = {};
  let ok = 0;
  return {
    record(status, detail, served, latencyMs) {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (served) {
        ok++;
        latencies.push(latencyMs);
        return;
      }
      const key = status === 0 ? `network:${detail}` : status >= 200 && status < 300 ? `${status}:${detail.split(':')[0]}` : String(status);
      errors[key] = (errors[key] ?? 0) + 1;
      errorSamples[key] ??= detail;
    },
    result: () => ({ ok, errorCount: Object.values(errors).reduce((a, b) => a + b, 0), statuses, errors, errorSamples, latency: summarize(latencies) }),
  };
};

const phase = (name) => process.send?.({ type: 'phase', phase: name, hrUs: hrUs() });

const openLoop = (spec) =>
  new Promise((resolve) => {
    const client = createClient(spec);
    const recorder = createRecorder();
    const interval = 1000 / spec.rate;
    // The warm-up ramps the rate from 0 to the target over its first `rampS` seconds (rate·t/R, so request i is due at
    // √(2·R·i/rate)), as a service taking traffic sees it grow, then holds the target rate for the rest: a fresh
    // system hit at full rate queues while its code is still being compiled, and a window opened right after the ramp
    // would start with what is left of that queue rather than with the service's pace.
    const warmupMs = spec.warmupS * 1000;
    const rampMs = Math.min(spec.rampS ?? spec.warmupS, spec.warmupS) * 1000;
    const rampCount = Math.round((spec.rate * rampMs) / 2000);
    const warmupCount = rampCount + Math.round((spec.rate * (warmupMs - rampMs)) / 1000);
    const total = warmupCount + Math.round(spec.rate * spec.durationS);
    const start = performance.now() + 20;
    const dueOf = (i) =>
      i < rampCount
        ? start + Math.sqrt((2 * rampMs * i) / spec.rate)
        : i < warmupCount
          ? start + rampMs + (i - rampCount) * interval
          : start + warmupMs + (i - warmupCount) * interval;
    const lags = [];
    // Latencies by the second they were due in: a queue that builds and drains shows where it began.
    const bySecond = [];
    let fired = 0;
    let measuredPending = total - warmupCount;
    let lastMeasuredEnd = 0;
    const windowStart = dueOf(warmupCount);
    const windowEnd = windowStart + (total - warmupCount) * interval;
    let okInWindow = 0;
    let cpuStart = null;
    let cpuStartAt = performance.now();
    let ended = false;

    const end = () => {
      if (ended) return;
      ended = true;
      phase('end');
      const cpu = process.cpuUsage(cpuStart ?? undefined);
      const unfinished = measuredPending;
      client.close();
      const result = recorder.result();
      if (unfinished > 0) {
        result.errors['unfinished'] = unfinished;
        result.errorCount += unfinished;
      }
      resolve({
        ...result,
        sent: total - warmupCount,
        windowMs: Math.round(windowEnd - windowStart),
        // Answers (2xx) completed while the measured window was open, whenever they were sent: past its capacity a
        // server still answers the warm-up's backlog, and that is its throughput.
        throughput: Math.round((okInWindow / (windowEnd - windowStart)) * 1000 * 10) / 10,
        drainMs: Math.round(Math.max(0, lastMeasuredEnd - windowEnd)),
        dispatchLag: summarize(lags),
        timeline: bySecond.map((latencies, second) => ({ second, ...summarize(latencies ?? []) })),
        clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - cpuStartAt)) * 100),
      });
    };

    const fire = (i, due) => {
      const measured = i >= warmupCount;
      if (i === warmupCount) {
        phase('measure');
        cpuStart = process.cpuUsage();
        cpuStartAt = performance.now();
      }
      if (measured) lags.push(performance.now() - due);
      client.send((status, detail, served) => {
        const now = performance.now();
        if (served && now >= windowStart && now <= windowEnd) okInWindow++;
        if (measured) {
          recorder.record(status, detail, served, now - due);
          (bySecond[Math.floor((due - windowStart) / 1000)] ??= []).push(now - due);
          lastMeasuredEnd = Math.max(lastMeasuredEnd, now);
          measuredPending--;
          if (measuredPending === 0) end();
        }
      });
    };

    const tick = () => {
      const now = performance.now();
      while (fired < total && dueOf(fired) <= now) {
        fire(fired, dueOf(fired));
        fired++;
      }
      if (fired < total) {
        setTimeout(tick, Math.max(0, dueOf(fired) - performance.now()));
      } else {
        // Everything is sent: give the last answers the request time-out, then count the rest as unfinished. Not
        // unref'd: with an answer lost and the server's idle connections closed, an unref'd timer let the worker exit
        // without a result, which aborted the whole benchmark instead of reporting the request as unfinished.
        setTimeout(end, spec.timeoutMs + 1_000);
      }
    };
    if (total === warmupCount) end();
    else setTimeout(tick, 20);
  });

const closedLoop = async (spec) => {
  const client = createClient(spec);
  const recorder = createRecorder();
  const send = () => new Promise((resolve) => client.send((status, detail, served) => resolve({ status, detail, served })));
  const started = performance.now();
  const measureFrom = started + spec.warmupS * 1000;
  const until = measureFrom + spec.durationS * 1000;
  let cpuStart = null;
  let lastEnd = measureFrom;
  const opened = setTimeout(() => {
    phase('measure');
    cpuStart = process.cpuUsage();
  }, spec.warmupS * 1000);
  const loop = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const { status, detail, served } = await send();
      const t1 = performance.now();
      if (t0 >= measureFrom) {
        recorder.record(status, detail, served, t1 - t0);
        lastEnd = Math.max(lastEnd, t1);
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, loop));
  clearTimeout(opened);
  phase('end');
  const cpu = process.cpuUsage(cpuStart ?? undefined);
  client.close();
  const result = recorder.result();
  const windowMs = lastEnd - measureFrom;
  return {
    ...result,
    sent: result.ok + result.errorCount,
    windowMs: Math.round(windowMs),
    throughput: Math.round((result.ok / windowMs) * 1000 * 10) / 10,
    clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / windowMs) * 100),
  };
};

process.once('message', (message) => {
  if (message?.type !== 'run') return;
  const { spec } = message;
  (spec.mode === 'closed' ? closedLoop(spec) : openLoop(spec)).then(
    (result) => process.send({ type: 'result', result }, () => process.exit(0)),
    (error) => process.send({ type: 'error', message: error instanceof Error ? error.stack : String(error) }, () => process.exit(1)),
  );
});
