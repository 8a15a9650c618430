import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiMode, type ParsedRequestOf, type WebhookReplay, type WebhooksRpc } from '@labeldesk/contracts';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookReplaysRepository } from './webhook-replays.repository';

/** Every "not found" of a replay is one answer, so another user's event or endpoint cannot be told from a missing one. */
const eventNotFound = () => new DomainError(ErrorCode.NOT_FOUND, 'Event not found');
const webhookNotFound = () => new DomainError(ErrorCode.NOT_FOUND, 'Webhook not found');

/** A replay's Idempotency-Key as kept: a test key's under `test:` (as a test order's, decision 119), a live one's as sent. */
const replayKeyOf = (mode: ApiMode | undefined, key: string): string => (mode === 'test' ? `test:${key}` : key);

/**
 * Sends the caller's own events again (decision 111): one event to their enabled endpoints subscribed to it (or to
 * one endpoint of theirs), or every event since a time to one endpoint (catching up after it was disabled), each under
 * the caller's Idempotency-Key and each a redelivery under the event's own id. Events older than
 * WEBHOOK_RETENTION_DAYS are gone, as from the list.
 */
@Injectable()
export class ReplayEventsUseCase {
  constructor(
    private readonly replays: WebhookReplaysRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliverer: WebhookDeliverer,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'WEBHOOK_RETENTION_DAYS'>,
  ) {}

  /**
   * `mode`: the key's (decision 124): only an event of that mode is found, and a test key's Idempotency-Key is kept
   * under `test:`, so the same key from a live and a test key names two replays.
   */
  async replayEvent(userId: string, request: ParsedRequestOf<typeof WebhooksRpc.replayEvent>, mode?: ApiMode): Promise<WebhookReplay> {
    const { idempotencyKey, ...asked } = request;
    const scope = { ...asked, ...(mode ? { mode } : {}) };
    if (scope.endpointId) await this.enabledEndpoint(userId, scope.endpointId);
    const answer = await this.replays.once(userId, replayKeyOf(mode, idempotencyKey), JSON.stringify(['event', scope.eventId, scope.endpointId ?? null]), async (em) => {
      const type = await this.replays.eventType(em, userId, scope.eventId, this.env.WEBHOOK_RETENTION_DAYS, mode);
      if (!type) throw eventNotFound();
      const queued = await this.replays.queue(em, userId, scope, this.env.WEBHOOK_RETENTION_DAYS);
      if (queued.events === 0) throw new DomainError(ErrorCode.CONFLICT, `No enabled webhook of yours is subscribed to ${type}: enable one, or name one with endpoint_id.`);
      return queued;
    });
    this.deliverer.nudge();
    return answer;
  }

  /** `mode`: the key's (decision 124): only that mode's events since the time are sent again. */
  async replaySince(userId: string, request: ParsedRequestOf<typeof WebhooksRpc.replaySince>, mode?: ApiMode): Promise<WebhookReplay> {
    await this.enabledEndpoint(userId, request.id);
    const answer = await this.replays.once(userId, replayKeyOf(mode, request.idempotencyKey), JSON.stringify(['since', request.id, new Date(request.since).toISOString()]), (em) =>
      this.replays.queue(em, userId, { since: request.since, endpointId: request.id, ...(mode ? { mode } : {}) }, this.env.WEBHOOK_RETENTION_DAYS),
    );
    this.deliverer.nudge();
    return answer;
  }

  private async enabledEndpoint(userId: string, id: string): Promise<void> {
    const endpoint = await this.endpoints.findOwned(userId, id);
    if (!endpoint) throw webhookNotFound();
    if (!endpoint.enabled) throw new DomainError(ErrorCode.CONFLICT, 'This webhook is disabled: enable it to replay events to it.');
  }
}
