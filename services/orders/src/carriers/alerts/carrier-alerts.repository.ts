import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CarrierId } from '../carrier.port';

export type CarrierAlertReason = 'upstream_funds' | 'unavailable';

export interface CarrierAlertRow {
  carrier: CarrierId;
  reason: CarrierAlertReason;
  message: string;
  since: Date;
  lastSeen: Date;
}

/** One standing alert per carrier, shared by every replica: raised by what purchases meet, cleared by a sale. */
@Injectable()
export class CarrierAlertsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'carrier_alerts');
  }

  /** Raised, or seen again (keeping when it began; a new reason starts a new alert). */
  async raise(carrier: CarrierId, reason: CarrierAlertReason, message: string): Promise<void> {
    await this.orm.em.fork().execute(
      `insert into ${this.table} ("carrier", "reason", "message") values (?, ?, ?)
       on conflict ("carrier") do update set "message" = excluded."message", "last_seen" = now(),
              "since" = case when ${this.table}."reason" = excluded."reason" then ${this.table}."since" else now() end,
              "reason" = excluded."reason"`,
      [carrier, reason, message],
    );
  }

  async clear(carrier: CarrierId): Promise<void> {
    await this.orm.em.fork().execute(`delete from ${this.table} where "carrier" = ?`, [carrier]);
  }

  async list(): Promise<CarrierAlertRow[]> {
    const rows = await this.orm.em.fork().execute<Array<{ carrier: CarrierId; reason: CarrierAlertReason; message: string; since: Date | string; last_seen: Date | string }>>(
      `select "carrier", "reason", "message", "since", "last_seen" from ${this.table} order by "since"`,
    );
    return rows.map((row) => ({ carrier: row.carrier, reason: row.reason, message: row.message, since: new Date(row.since), lastSeen: new Date(row.last_seen) }));
  }
}
