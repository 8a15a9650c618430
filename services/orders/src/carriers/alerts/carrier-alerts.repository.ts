import { Inject, Injectable } from '@nestjs/common';
import { type CarrierAlertReason, UNREADABLE_ANSWER_ALERT_DAYS } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CarrierId } from '../carrier.port';

export type { CarrierAlertReason };

export interface CarrierAlertRow {
  carrier: CarrierId;
  reason: CarrierAlertReason;
  message: string;
  since: Date;
  lastSeen: Date;
}

type AlertRow = { carrier: CarrierId; reason: CarrierAlertReason; message: string; since: Date | string; last_seen: Date | string };

/**
 * The carriers' standing alerts, shared by every replica. `carrier_alerts` keeps one per carrier of the troubles a
 * sale ends (no funds upstream, not answering); `carrier_unreadable_alerts` one per carrier of the answers we could
 * not read, which no sale ends: each stands until UNREADABLE_ANSWER_ALERT_DAYS after it was last seen, as do those of
 * `carrier_price_alerts` (a customer's price under the carrier's cost), one per carrier and service.
 */
@Injectable()
export class CarrierAlertsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private table(name: 'carrier_alerts' | 'carrier_unreadable_alerts' | 'carrier_price_alerts'): string {
    return schemaTable(this.orm, name);
  }

  /** Raised, or seen again (keeping when it began; a new reason a sale ends starts a new alert). */
  async raise(carrier: CarrierId, reason: CarrierAlertReason, message: string): Promise<void> {
    if (reason === 'unreadable_answer') return this.raiseUnreadable(carrier, message);
    const table = this.table('carrier_alerts');
    await this.orm.em.fork().execute(
      `insert into ${table} ("carrier", "reason", "message") values (?, ?, ?)
       on conflict ("carrier") do update set "message" = excluded."message", "last_seen" = now(),
              "since" = case when ${table}."reason" = excluded."reason" then ${table}."since" else now() end,
              "reason" = excluded."reason"`,
      [carrier, reason, message],
    );
  }

  /** The latest unreadable answer's words; one seen after the last had ended starts a new alert. */
  private async raiseUnreadable(carrier: CarrierId, message: string): Promise<void> {
    const table = this.table('carrier_unreadable_alerts');
    await this.orm.em.fork().execute(
      `insert into ${table} ("carrier", "message") values (?, ?)
       on conflict ("carrier") do update set "message" = excluded."message", "last_seen" = now(),
              "since" = case when ${table}."last_seen" > now() - ?::int * interval '1 day' then ${table}."since" else now() end`,
      [carrier, message, UNREADABLE_ANSWER_ALERT_DAYS],
    );
  }

  /** A price under this carrier's cost for a service (issue 45); a new one after the last had ended starts anew. */
  async raisePriceBelowCost(carrier: CarrierId, serviceUid: string, message: string): Promise<void> {
    const table = this.table('carrier_price_alerts');
    await this.orm.em.fork().execute(
      `insert into ${table} ("carrier", "service_uid", "message") values (?, ?, ?)
       on conflict ("carrier", "service_uid") do update set "message" = excluded."message", "last_seen" = now(),
              "since" = case when ${table}."last_seen" > now() - ?::int * interval '1 day' then ${table}."since" else now() end`,
      [carrier, serviceUid, message, UNREADABLE_ANSWER_ALERT_DAYS],
    );
  }

  /** The carrier sold a label: the troubles a sale ends are over. An unreadable answer stays. */
  async clear(carrier: CarrierId): Promise<void> {
    await this.orm.em.fork().execute(`delete from ${this.table('carrier_alerts')} where "carrier" = ?`, [carrier]);
  }

  /** Every alert standing now, oldest first. */
  async list(): Promise<CarrierAlertRow[]> {
    const rows = await this.orm.em.fork().execute<AlertRow[]>(
      `select "carrier", "reason", "message", "since", "last_seen" from ${this.table('carrier_alerts')}
       union all
       select "carrier", 'unreadable_answer', "message", "since", "last_seen" from ${this.table('carrier_unreadable_alerts')}
        where "last_seen" > now() - ?::int * interval '1 day'
       union all
       select "carrier", 'price_below_cost', "message", "since", "last_seen" from ${this.table('carrier_price_alerts')}
        where "last_seen" > now() - ?::int * interval '1 day'
       order by "since"`,
      [UNREADABLE_ANSWER_ALERT_DAYS, UNREADABLE_ANSWER_ALERT_DAYS],
    );
    return rows.map((row) => ({ carrier: row.carrier, reason: row.reason, message: row.message, since: new Date(row.since), lastSeen: new Date(row.last_seen) }));
  }
}
