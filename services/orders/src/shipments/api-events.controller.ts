import { Controller } from '@nestjs/common';
import { OrdersApiRpc, type ApiEvent, type ApiEventsPage, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { keyModeOf } from '../orders';
import { ApiEventsRepository, type ApiEventRow } from './api-events.repository';

/** An event as the API answers it: the body's own fields, as the endpoint received them, under the message's id. */
const toApiEvent = (row: ApiEventRow): ApiEvent => {
  const body = JSON.parse(row.body) as { timestamp?: unknown; data?: unknown };
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
  return { id: row.event_id, type: row.event_type, timestamp: typeof body.timestamp === 'string' ? body.timestamp : row.cursor_at, sequence: Number(row.sequence), data };
};

/** The public API v1's events (decision 103): the caller's own, an admin's too. */
@Controller()
export class ApiEventsController {
  constructor(private readonly events: ApiEventsRepository) {}

  @RpcHandler(OrdersApiRpc.events)
  async page(@CurrentCaller() caller: Caller, @RpcPayload(OrdersApiRpc.events) body: ParsedRequestOf<typeof OrdersApiRpc.events>): Promise<ApiEventsPage> {
    const { rows, hasMore } = await this.events.page(caller.userId, body.type, body.after, body.limit, keyModeOf(caller));
    const last = rows.at(-1);
    return { events: rows.map(toApiEvent), next: hasMore && last ? { createdAt: last.cursor_at, id: last.event_id } : null };
  }
}
