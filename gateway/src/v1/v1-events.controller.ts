import { Controller, Get, Query } from '@nestjs/common';
import { apiEventsAfterSchema, OrdersApiRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { cursorPage, decodeCursor } from './cursor';
import { StrictBody } from './strict-body.pipe';
import { v1EventsPageSchema, v1EventsQuerySchema, type V1EventsPage } from './v1.schemas';

/**
 * The caller's webhook events (issue 48, decision 103): what their endpoints were sent, each event once, to catch up
 * after an outage of their own (an event's `id` is the `webhook-id` its messages carried, so a receiver drops repeats).
 */
@CountsSessions()
@Controller('v1/events')
export class V1EventsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'Your webhook events of the last 30 days (those raised while an endpoint of yours was subscribed), newest first, each once; filter by type and page with next_cursor',
    query: v1EventsQuerySchema,
    response: v1EventsPageSchema,
  })
  @Forwards(OrdersApiRpc.events)
  @Get()
  async list(@Query(new StrictBody(v1EventsQuerySchema)) query: z.output<typeof v1EventsQuerySchema>, @Ctx() ctx: CallContext): Promise<V1EventsPage> {
    const page = await this.rpc.call(
      OrdersApiRpc.events,
      { limit: query.limit, ...(query.cursor ? { after: decodeCursor(query.cursor, apiEventsAfterSchema) } : {}), ...(query.type ? { type: query.type } : {}) },
      ctx,
    );
    return cursorPage(page.events, page.next);
  }
}
