import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesSchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookTestResponseSchema,
  webhookWithSecretSchema,
  WebhooksRpc,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveries,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookTestResponse,
  type WebhookWithSecret,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { z } from 'zod';
import { Ctx, type CallContext } from '../auth/request-context';
import { Forwards } from '../auth/access.decorators';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

const deliveriesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();

/**
 * The signed-in customer's outgoing webhooks (docs/decisions/051). Each route acts on the caller's own endpoints, which
 * orders finds by the caller's id: another user's endpoint id answers 404. Declared beside the carriers' incoming
 * `POST /api/webhooks/carriers/{carrier}`, which no route here shadows.
 */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Add a webhook endpoint (https, public address): answers its signing secret (whsec_…), shown only now', body: createWebhookBodySchema, response: webhookWithSecretSchema })
  @Forwards(WebhooksRpc.create)
  @Post()
  create(@Body(new ZodBody(createWebhookBodySchema)) body: CreateWebhookBody, @Ctx() ctx: CallContext): Promise<WebhookWithSecret> {
    return this.rpc.call(WebhooksRpc.create, body, { ...ctx, timeoutMs: 15_000 });
  }

  @ApiDoc({ summary: "The caller's webhook endpoints (secrets are never shown again)", response: webhookListSchema })
  @Forwards(WebhooksRpc.list)
  @Get()
  list(@Ctx() ctx: CallContext): Promise<WebhookList> {
    return this.rpc.call(WebhooksRpc.list, {}, ctx);
  }

  @ApiDoc({ summary: "Change a webhook's url, events or enabled (enabling clears why it was disabled)", body: updateWebhookBodySchema, response: webhookEndpointSchema })
  @Forwards(WebhooksRpc.update)
  @Patch(':id')
  update(@Param('id') id: string, @Body(new ZodBody(updateWebhookBodySchema)) change: UpdateWebhookBody, @Ctx() ctx: CallContext): Promise<WebhookEndpoint> {
    return this.rpc.call(WebhooksRpc.update, { id, change }, { ...ctx, timeoutMs: 15_000 });
  }

  @ApiDoc({ summary: 'Delete a webhook endpoint and its queued messages' })
  @Forwards(WebhooksRpc.remove)
  @Delete(':id')
  remove(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<{ deleted: boolean }> {
    return this.rpc.call(WebhooksRpc.remove, { id }, ctx);
  }

  @ApiDoc({ summary: 'A new signing secret, shown only now; the old one keeps signing beside it for 24 hours', response: webhookWithSecretSchema })
  @Forwards(WebhooksRpc.rotateSecret)
  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotate(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<WebhookWithSecret> {
    return this.rpc.call(WebhooksRpc.rotateSecret, { id }, ctx);
  }

  @ApiDoc({ summary: "A webhook's delivery log, newest attempt first: event, time, status code or error", query: deliveriesQuerySchema, response: webhookDeliveriesSchema })
  @Forwards(WebhooksRpc.deliveries)
  @Get(':id/deliveries')
  deliveries(@Param('id') id: string, @Query(new ZodBody(deliveriesQuerySchema)) query: z.output<typeof deliveriesQuerySchema>, @Ctx() ctx: CallContext): Promise<WebhookDeliveries> {
    return this.rpc.call(WebhooksRpc.deliveries, { id, limit: query.limit }, ctx);
  }

  @ApiDoc({ summary: 'Queue a webhook.test event to this endpoint', response: webhookTestResponseSchema })
  @Forwards(WebhooksRpc.test)
  @Post(':id/test')
  @HttpCode(202)
  test(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<WebhookTestResponse> {
    return this.rpc.call(WebhooksRpc.test, { id }, ctx);
  }
}
