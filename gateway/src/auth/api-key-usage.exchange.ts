import { Controller, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { API_KEY_USAGE_MAX_KEYS, ApiKeyEvents, type ApiKeyUsageEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload, RpcClient } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';

/**
 * How often a replica tells the others what its API keys spent. It bounds what a key gets past the limit while the
 * replicas have not yet heard of each other (about this long's worth of requests per replica), which is then paid
 * back; a shorter interval sends more events while keys are busy (none while they are idle).
 */
export const API_KEY_USAGE_INTERVAL_MS = 250;

/**
 * Keeps the API-key rate limit one limit across gateway replicas (decision 049): each replica sends the requests it
 * let through per key, and counts those the others let through against its own buckets. Best effort, like the other
 * events the gateway hears: a lost event only lets that key past its limit by what the event carried.
 */
@Injectable()
export class ApiKeyUsageExchange implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApiKeyUsageExchange.name);
  readonly replica = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limiter: ApiKeyRateLimiter,
    private readonly rpc: RpcClient,
  ) {}

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

  /** Another replica's requests count here too; this replica's own event is skipped (already counted). */
  heard(event: ApiKeyUsageEvent): void {
    if (event.replica === this.replica) return;
    for (const { keyId, count } of event.spent) this.limiter.debit(keyId, count);
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
