import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveries,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookWithSecret,
} from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { checkWebhookTarget } from './url-policy';
import { toEndpointView, WebhookEndpointsRepository, type EndpointRow } from './webhook-endpoints.repository';
import { WebhookDeliverer } from './webhook-deliverer';
import { WebhookMessagesRepository } from './webhook-messages.repository';
import { newWebhookSecret } from './webhook-signer';

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_SECONDS = 24 * 3_600;

const NOT_FOUND = () => new DomainError(ErrorCode.NOT_FOUND, 'Webhook not found');

/** A customer's own webhook endpoints: create, list, change, delete, rotate the secret, read the log, send a test. */
@Injectable()
export class ManageWebhooksUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly messages: WebhookMessagesRepository,
    private readonly deliverer: WebhookDeliverer,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'WEBHOOK_ALLOW_PRIVATE_URLS'>,
  ) {}

  async create(userId: string, body: CreateWebhookBody): Promise<WebhookWithSecret> {
    const url = await this.acceptedUrl(body.url);
    const secret = newWebhookSecret();
    const row = await this.endpoints.insertWithin(WEBHOOK_MAX_ENDPOINTS, { id: randomUUID(), userId, url, events: body.events, secret });
    if (!row) throw new DomainError(ErrorCode.WEBHOOKS_LIMIT_REACHED, `You already have ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints: delete one to add another.`);
    return { ...toEndpointView(row), secret };
  }

  async list(userId: string): Promise<WebhookList> {
    return { webhooks: (await this.endpoints.listForUser(userId)).map(toEndpointView) };
  }

  async update(userId: string, id: string, change: UpdateWebhookBody): Promise<WebhookEndpoint> {
    const url = change.url === undefined ? undefined : await this.acceptedUrl(change.url);
    const row = await this.endpoints.update(userId, id, { ...change, url });
    if (!row) throw NOT_FOUND();
    return toEndpointView(row);
  }

  async remove(userId: string, id: string): Promise<{ deleted: boolean }> {
    if (!(await this.endpoints.remove(userId, id))) throw NOT_FOUND();
    return { deleted: true };
  }

  async rotate(userId: string, id: string): Promise<WebhookWithSecret> {
    const secret = newWebhookSecret();
    const row = await this.endpoints.rotate(userId, id, secret, ROTATION_GRACE_SECONDS);
    if (!row) throw NOT_FOUND();
    return { ...toEndpointView(row), secret };
  }

  async deliveries(userId: string, id: string, limit: number): Promise<WebhookDeliveries> {
    await this.owned(userId, id);
    return { deliveries: await this.messages.deliveries(id, limit) };
  }

  async test(userId: string, id: string): Promise<{ messageId: string }> {
    const endpoint = await this.owned(userId, id);
    if (!endpoint.enabled) throw new DomainError(ErrorCode.CONFLICT, 'This webhook is disabled: enable it to send a test.');
    const messageId = `${WEBHOOK_TEST_EVENT}:${randomUUID()}`;
    await this.messages.queueTest(userId, id, messageId, { webhookId: id, message: 'A test event sent from the Account page' });
    this.deliverer.nudge();
    return { messageId };
  }

  private async owned(userId: string, id: string): Promise<EndpointRow> {
    const row = await this.endpoints.findOwned(userId, id);
    if (!row) throw NOT_FOUND();
    return row;
  }

  /** The URL as it will be called, refused with a clear reason when it is not one we send to. */
  private async acceptedUrl(raw: string): Promise<string> {
    const check = await checkWebhookTarget(raw, this.env.WEBHOOK_ALLOW_PRIVATE_URLS);
    if (!check.ok) throw new DomainError(ErrorCode.WEBHOOKS_URL_REFUSED, `Webhook URL ${check.reason}.`, [{ path: 'url', message: check.reason }]);
    return check.target.url.toString();
  }
}
