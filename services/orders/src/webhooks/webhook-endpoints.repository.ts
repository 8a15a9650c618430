import { Inject, Injectable } from '@nestjs/common';
import type { WebhookEndpoint, WebhookEventType } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { jsonColumn } from '../database';

export interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  events: WebhookEventType[] | string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const toEndpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: jsonColumn(row.events),
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  previousSecretUntil: row.previous_secret_until && new Date(row.previous_secret_until) > new Date() ? iso(row.previous_secret_until) : null,
  createdAt: iso(row.created_at),
});

/** Secrets that sign a message now: the current one, and the previous one for 24 h after a rotation. */
export const signingSecrets = (row: Pick<EndpointRow, 'secret' | 'previous_secret' | 'previous_secret_until'>, now = new Date()): string[] =>
  row.previous_secret && row.previous_secret_until && new Date(row.previous_secret_until) > now ? [row.secret, row.previous_secret] : [row.secret];

/** Customers' webhook endpoints; every read and write names the owner, so one user never reaches another's. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Inserts an endpoint unless the user already has `max`: the count and the insert are one statement. */
  async insertWithin(max: number, row: { id: string; userId: string; url: string; events: readonly WebhookEventType[]; secret: string }): Promise<EndpointRow | null> {
    // Two creations at once could both count 9: a lock per owner (held to the commit) makes the second wait and count 10.
    // Locking the owner's rows would not do: a user with none has nothing to lock.
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute(`select pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || ?::text, 0))`, [row.userId]);
      const [created] = await em.execute<EndpointRow[]>(
        `insert into ${this.t('webhook_endpoints')} ("id", "user_id", "url", "events", "secret")
         select ?, ?, ?, ?::jsonb, ? where (select count(*) from ${this.t('webhook_endpoints')} where "user_id" = ?) < ? returning *`,
        [row.id, row.userId, row.url, JSON.stringify(row.events), row.secret, row.userId, max],
      );
      return created ?? null;
    });
  }

  async listForUser(userId: string): Promise<EndpointRow[]> {
    return this.db.execute<EndpointRow[]>(`select * from ${this.t('webhook_endpoints')} where "user_id" = ? order by "created_at", "id"`, [userId]);
  }

  async findOwned(userId: string, id: string): Promise<EndpointRow | null> {
    const [row] = await this.db.execute<EndpointRow[]>(`select * from ${this.t('webhook_endpoints')} where "id" = ? and "user_id" = ?`, [id, userId]);
    return row ?? null;
  }

  /** Changes url, events or enabled; enabling clears the reason it was disabled, disabling gives up its queued messages. */
  async update(userId: string, id: string, change: { url?: string; events?: readonly WebhookEventType[]; enabled?: boolean }): Promise<EndpointRow | null> {
    return this.orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<EndpointRow[]>(
        `update ${this.t('webhook_endpoints')} set "url" = coalesce(?::text, "url"), "events" = coalesce(?::jsonb, "events"), "enabled" = coalesce(?::boolean, "enabled"),
                "disabled_reason" = case when ?::boolean is null then "disabled_reason" when ?::boolean then null else 'Turned off by its owner' end, "updated_at" = now()
          where "id" = ? and "user_id" = ? returning *`,
        [change.url ?? null, change.events ? JSON.stringify(change.events) : null, change.enabled ?? null, change.enabled ?? null, change.enabled ?? null, id, userId],
      );
      if (row && change.enabled === false) await em.execute(`update ${this.t('webhook_messages')} set "state" = 'failed', "updated_at" = now() where "endpoint_id" = ? and "state" = 'pending'`, [id]);
      return row ?? null;
    });
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(`delete from ${this.t('webhook_endpoints')} where "id" = ? and "user_id" = ? returning "id"`, [id, userId]);
    return rows.length > 0;
  }

  /** A new secret; the old one keeps signing beside it until `graceSeconds` from now. */
  async rotate(userId: string, id: string, secret: string, graceSeconds: number): Promise<EndpointRow | null> {
    const [row] = await this.db.execute<EndpointRow[]>(
      `update ${this.t('webhook_endpoints')} set "previous_secret" = "secret", "previous_secret_until" = now() + make_interval(secs => ?), "secret" = ?, "updated_at" = now()
        where "id" = ? and "user_id" = ? returning *`,
      [graceSeconds, secret, id, userId],
    );
    return row ?? null;
  }

  /** The endpoint said it is gone (410): no more deliveries, its queued messages given up, the reason shown to its owner. */
  async disable(id: string, reason: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await em.execute(`update ${this.t('webhook_endpoints')} set "enabled" = false, "disabled_reason" = ?, "updated_at" = now() where "id" = ?`, [reason, id]);
      await em.execute(`update ${this.t('webhook_messages')} set "state" = 'failed', "updated_at" = now() where "endpoint_id" = ? and "state" = 'pending'`, [id]);
    });
  }
}
