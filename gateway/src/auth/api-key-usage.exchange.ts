import { Controller, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { API_KEY_USAGE_MAX_KEYS, ApiKeyBudgetRpc, ApiKeyEvents, type ApiKeyUsageEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload, RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';

/** A lease waits this long for auth at most; then the replica's local bucket serves (decision 075). */
export const API_KEY_LEASE_TIMEOUT_MS = 2_000;

/**
 * How often a replica tells the others what its API keys spent, so they know of it (decision 075). A shorter interval
 * sends more events while keys are busy (none while they are idle).
 */
export const API_KEY_USAGE_INTERVAL_MS = 250;

/**
 * Keeps the API-key rate limit one limit across gateway replicas (decisions 049, 075). In the distributed mode the
 * limiter leases each key's requests from its one bucket, kept by auth; in the embedded mode (one process) its own
 * bucket is the limit. Each replica also tells the others, while keys are used, what it let through: so each knows how
 * many replicas share the limit should auth be out of reach (each local bucket is then an equal share). Best effort,
 * like the other events the gateway hears.
 */
@Injectable()
export class ApiKeyUsageExchange implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApiKeyUsageExchange.name);
  readonly replica = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limiter: ApiKeyRateLimiter,
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) env: Pick<GatewayEnv, 'TRANSPORT'>,
  ) {
    if (env.TRANSPORT === 'inprocess') return;
    limiter.share({
      lease: (key, want) => rpc.call(ApiKeyBudgetRpc.lease, { key, want, perMinute: limiter.perMinute }, { timeoutMs: API_KEY_LEASE_TIMEOUT_MS }),
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.send(), API_KEY_USAGE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Sends what this replica let through since the last call; nothing when no key was used. */
  async send(): Promise<void> {
    const spent = [...this.limiter.drainSpent()].map(([keyId, count]) => ({ keyId, count }));
    for (let start = 0; start < spent.length; start += API_KEY_USAGE_MAX_KEYS) {
      await this.rpc
        .emit(ApiKeyEvents.usage, { replica: this.replica, spent: spent.slice(start, start + API_KEY_USAGE_MAX_KEYS) })
        .catch((error: unknown) => this.logger.warn(`API-key usage not sent to the other gateway replicas: ${String(error)}`));
    }
  }

  /** Another replica serves keys too: the local buckets are shared with it. This replica's own event is skipped. */
  heard(event: ApiKeyUsageEvent): void {
    if (event.replica === this.replica) return;
    this.limiter.heardFrom(event.replica);
  }
}

/** Every gateway replica hears every other's API-key usage (no queue group); only gateways may send it (NATS). */
@Controller()
export class ApiKeyUsageListener {
  constructor(private readonly exchange: ApiKeyUsageExchange) {}

  @EventHandler(ApiKeyEvents.usage)
  heard(@EventPayload(ApiKeyEvents.usage) event: ApiKeyUsageEvent): void {
    this.exchange.heard(event);
  }
}
