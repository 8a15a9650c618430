import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { apiEventsAfterSchema, DomainError, ErrorCode, OrdersApiRpc, WebhooksRpc, type WebhookReplay } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { TestModeReady } from '../auth/test-mode';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { cursorPage, decodeCursor } from './cursor';
import { pathId } from './path-id';
import { StrictBody } from './strict-body.pipe';
import { REPLAY_KEY_REQUIRED, v1ReplayEventBodySchema, v1ReplaySchema, v1ReplaySinceBodySchema, type V1Replay } from './v1-replay.schemas';
import { v1EventsPageSchema, v1EventsQuerySchema, type V1EventsPage } from './v1.schemas';

/** An event id is ours (`label.purchased:single:<uuid>`…): anything longer is no event, so not found like another's. */
const eventId = (id: string): string => {
  if (id.length > 300) throw new DomainError(ErrorCode.NOT_FOUND, 'Event not found');
  return id;
};

const requireKey = (sentKey: string | undefined): void => {
  if (!sentKey) throw new DomainError(ErrorCode.VALIDATION_FAILED, REPLAY_KEY_REQUIRED, [{ path: 'Idempotency-Key', message: REPLAY_KEY_REQUIRED }]);
};

const toV1Replay = (replay: WebhookReplay): V1Replay => ({ event_count: replay.events, endpoint_ids: replay.endpointIds });

/**
 * The caller's webhook events (issue 48, decisions 103 and 111): every event of the last 30 days, each once, to catch
 * up after an outage of their own (an event's `id` is the `webhook-id` its messages carried, so a receiver drops
 * repeats), and replays of them to the caller's endpoints. A key lists and replays its own mode's events only
 * (decisions 119, 124): another mode's event is not found.
 */
@CountsSessions()
@Controller('v1')
export class V1EventsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'Your webhook events of the last 30 days, newest first, each once (also those raised while no endpoint of yours took them); filter by type and page with next_cursor',
    query: v1EventsQuerySchema,
    response: v1EventsPageSchema,
  })
  @Forwards(OrdersApiRpc.events)
  @TestModeReady()
  @Get('events')
  async list(@Query(new StrictBody(v1EventsQuerySchema)) query: z.output<typeof v1EventsQuerySchema>, @Ctx() ctx: CallContext): Promise<V1EventsPage> {
    const page = await this.rpc.call(
      OrdersApiRpc.events,
      { limit: query.limit, ...(query.cursor ? { after: decodeCursor(query.cursor, apiEventsAfterSchema) } : {}), ...(query.type ? { type: query.type } : {}) },
      ctx,
    );
    return cursorPage(page.events, page.next);
  }

  @ApiDoc({
    summary:
      'Send one of your events again (Idempotency-Key required): to your enabled webhooks subscribed to its type, or to the one endpoint_id names; a redelivery under the same webhook-id, marked redelivery: true',
    body: v1ReplayEventBodySchema,
    response: v1ReplaySchema,
    status: 200,
    errors: [ErrorCode.CONFLICT],
  })
  @Forwards(WebhooksRpc.replayEvent)
  @TestModeReady()
  @Post('events/:id/replay')
  @HttpCode(200)
  async replay(
    @Param('id') id: string,
    @Body(new StrictBody(v1ReplayEventBodySchema)) body: z.output<typeof v1ReplayEventBodySchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Headers('idempotency-key') sentKey: string | undefined,
    @Ctx() ctx: CallContext,
  ): Promise<V1Replay> {
    requireKey(sentKey);
    const request = { eventId: eventId(id), idempotencyKey, ...(body.endpoint_id ? { endpointId: body.endpoint_id } : {}) };
    return toV1Replay(await this.rpc.call(WebhooksRpc.replayEvent, request, ctx));
  }

  @ApiDoc({
    summary:
      'Send your events since a time again to one enabled webhook (Idempotency-Key required), those of the types it takes: catching up after it was off. Each a redelivery under its own webhook-id',
    body: v1ReplaySinceBodySchema,
    response: v1ReplaySchema,
    status: 200,
    errors: [ErrorCode.CONFLICT],
  })
  @Forwards(WebhooksRpc.replaySince)
  @TestModeReady()
  @Post('webhooks/:id/replay')
  @HttpCode(200)
  async replaySince(
    @Param('id') id: string,
    @Body(new StrictBody(v1ReplaySinceBodySchema)) body: z.output<typeof v1ReplaySinceBodySchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Headers('idempotency-key') sentKey: string | undefined,
    @Ctx() ctx: CallContext,
  ): Promise<V1Replay> {
    requireKey(sentKey);
    const request = { id: pathId(id, 'Webhook not found'), since: body.since, idempotencyKey };
    return toV1Replay(await this.rpc.call(WebhooksRpc.replaySince, request, { ...ctx, timeoutMs: 60_000 }));
  }
}
