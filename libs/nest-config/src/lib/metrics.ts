import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics. One registry per process: in embedded mode every service shares it, and the
 * gateway's METRICS_PORT shows them all; in a cluster each process answers for itself (a service on HEALTH_PORT).
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'labeldesk_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metrics],
});

export const rpcDuration = new Histogram({
  name: 'labeldesk_rpc_duration_seconds',
  help: 'Calls to other services, by subject and outcome (ok or the error code)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metrics],
});

export const ledgerPostings = new Counter({
  name: 'labeldesk_ledger_postings_total',
  help: 'Ledger entries posted, by kind (a replayed idempotency key posts nothing and counts nothing)',
  labelNames: ['kind'] as const,
  registers: [metrics],
});

export const labelsBought = new Counter({
  name: 'labeldesk_labels_bought_total',
  help: 'Labels bought, single or in bulk',
  labelNames: ['mode'] as const,
  registers: [metrics],
});

export const labelsFailed = new Counter({
  name: 'labeldesk_labels_failed_total',
  help: 'Labels the carrier refused or never made, single or in bulk',
  labelNames: ['mode'] as const,
  registers: [metrics],
});

export const verifiedCallerLookups = new Counter({
  name: 'labeldesk_verified_caller_lookups_total',
  help: 'Callers the gateway looked up, by outcome: hit (verified by auth moments ago and kept) or miss (auth asked)',
  labelNames: ['outcome'] as const,
  registers: [metrics],
});

const queues = new Map<string, () => Promise<number>>();

/** Work waiting, counted when scraped: each owner registers how to count its own queue (`countQueue`). */
export const queueDepth = new Gauge({
  name: 'labeldesk_queue_depth',
  help: 'Work waiting to be done, by queue',
  labelNames: ['queue'] as const,
  registers: [metrics],
  async collect() {
    for (const [queue, count] of queues) {
      // A queue that cannot be counted now (its database is down) is left out of this scrape, not reported as 0.
      const value = await count().catch(() => null);
      if (value !== null) this.set({ queue }, value);
    }
  },
});

export const countQueue = (queue: string, count: () => Promise<number>): void => {
  queues.set(queue, count);
};
