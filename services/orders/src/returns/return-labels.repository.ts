import { Inject, Injectable } from '@nestjs/common';
import type { ReturnPayment, ReturnState } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import { ownerCondition, type OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BoughtLabel, CarrierId, CarrierRefs } from '../carriers';
import { jsonColumn, placeholders } from '../database';

export type ReturnStatus = 'pending' | ReturnState;

export interface ReturnRow {
  id: string;
  orderId: string;
  userId: string;
  generation: number;
  status: ReturnStatus;
  payment: ReturnPayment;
  courier: string;
  serviceUid: string;
  serviceName: string;
  priceCents: number;
  carrier: CarrierId | null;
  carrierRefs: CarrierRefs;
  trackingNumber: string | null;
  labelFileId: string | null;
  labelName: string | null;
  purchasedAt: Date | null;
  scannedAt: Date | null;
  chargedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  order_id: string;
  user_id: string;
  generation: number;
  status: ReturnStatus;
  payment: ReturnPayment;
  courier: string;
  service_uid: string;
  service_name: string;
  price_cents: number;
  carrier: CarrierId | null;
  carrier_refs: CarrierRefs | string | null;
  tracking_number: string | null;
  label_file_id: string | null;
  label_name: string | null;
  purchased_at: Date | string | null;
  scanned_at: Date | string | null;
  charged_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toReturn = (row: Row): ReturnRow => ({
  id: row.id,
  orderId: row.order_id,
  userId: row.user_id,
  generation: row.generation,
  status: row.status,
  payment: row.payment,
  courier: row.courier,
  serviceUid: row.service_uid,
  serviceName: row.service_name,
  priceCents: row.price_cents,
  carrier: row.carrier,
  carrierRefs: row.carrier_refs === null ? {} : jsonColumn(row.carrier_refs),
  trackingNumber: row.tracking_number,
  labelFileId: row.label_file_id,
  labelName: row.label_name,
  purchasedAt: dateOrNull(row.purchased_at),
  scannedAt: dateOrNull(row.scanned_at),
  chargedAt: dateOrNull(row.charged_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export interface NewReturn {
  id: string;
  orderId: string;
  userId: string;
  /** 1 for an order's first return; the next number for one the seller asked for again. */
  generation: number | 'next';
  payment: ReturnPayment;
  courier: string;
  serviceUid: string;
  serviceName: string;
  priceCents: number;
  /** The carrier to buy it from (decision 123): the outbound label's, or the one the seller picked. */
  carrier: CarrierId;
}

/** Return labels beside the orders they return (decision 101). */
@Injectable()
export class ReturnLabelsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'return_labels' | 'files' | 'label_voids'): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Writes a pending return; null when the order already has one of that generation (a racing request made it). */
  async insert(draft: NewReturn): Promise<ReturnRow | null> {
    const generation =
      draft.generation === 'next' ? `(select coalesce(max("generation"), 0) + 1 from ${this.t('return_labels')} where "order_id" = ?)` : '?';
    const rows = await this.db.execute<Row[]>(
      `insert into ${this.t('return_labels')} ("id", "order_id", "user_id", "generation", "status", "payment", "courier", "service_uid", "service_name", "price_cents", "carrier")
       values (?, ?, ?, ${generation}, 'pending', ?, ?, ?, ?, ?, ?)
       on conflict ("order_id", "generation") do nothing returning *`,
      [draft.id, draft.orderId, draft.userId, draft.generation === 'next' ? draft.orderId : draft.generation, draft.payment, draft.courier, draft.serviceUid, draft.serviceName, draft.priceCents, draft.carrier],
    );
    return rows[0] ? toReturn(rows[0]) : null;
  }

  async find(id: string, scope: OwnerScope): Promise<ReturnRow | null> {
    const owner = ownerCondition(scope, '"user_id"');
    const rows = await this.db.execute<Row[]>(`select * from ${this.t('return_labels')} where "id" = ?${owner.sql}`, [id, ...owner.values]);
    return rows[0] ? toReturn(rows[0]) : null;
  }

  /** The order's latest return label, if it has one. */
  async latestOf(orderId: string): Promise<ReturnRow | null> {
    const rows = await this.db.execute<Row[]>(`select * from ${this.t('return_labels')} where "order_id" = ? order by "generation" desc limit 1`, [orderId]);
    return rows[0] ? toReturn(rows[0]) : null;
  }

  async countOf(orderId: string): Promise<number> {
    const [row] = await this.db.execute<Array<{ n: string | number }>>(`select count(*) as "n" from ${this.t('return_labels')} where "order_id" = ? and "status" <> 'pending'`, [orderId]);
    return Number(row?.n ?? 0);
  }

  /** The state of the outbound single label's latest void, or null when it was never asked to be voided. */
  async voidStateOf(orderId: string): Promise<string | null> {
    const rows = await this.db.execute<Array<{ state: string }>>(
      `select "state" from ${this.t('label_voids')} where "label_kind" = 'single' and "label_id" = ? order by "requested_at" desc limit 1`,
      [orderId],
    );
    return rows[0]?.state ?? null;
  }

  /** The scope's bought return labels, of these orders or all, newest first. */
  async list(scope: OwnerScope, orderIds: readonly string[] | undefined): Promise<ReturnRow[]> {
    if (orderIds?.length === 0) return [];
    const owner = ownerCondition(scope, '"user_id"');
    const only = orderIds ? ` and "order_id" in (${placeholders(orderIds)})` : '';
    const rows = await this.db.execute<Row[]>(
      `select * from ${this.t('return_labels')} where "status" <> 'pending'${owner.sql}${only} order by "created_at" desc limit 5000`,
      [...owner.values, ...(orderIds ?? [])],
    );
    return rows.map(toReturn);
  }

  /**
   * Stores the bought label and its file in one statement and leaves pending: `awaiting_scan` for pay on use (checked
   * for its first scan from now), `prepaid` (charged already). Null when the row was no longer pending.
   */
  async complete(id: string, label: BoughtLabel & { labelName: string }, contentType: string): Promise<ReturnRow | null> {
    const rows = await this.db.execute<Row[]>(
      `with saved as (
         insert into ${this.t('files')} ("id", "owner_id", "name", "content_type", "size_bytes", "data")
         select gen_random_uuid(), r."user_id", ?, ?, ?, ? from ${this.t('return_labels')} r where r."id" = ?
         on conflict ("name") do nothing returning "id"
       ), file as (
         select coalesce((select "id" from saved), (select "id" from ${this.t('files')} where "name" = ?)) as "id"
       )
       update ${this.t('return_labels')} set
         "status" = case when "payment" = 'on_use' then 'awaiting_scan' else 'prepaid' end,
         "charged_at" = case when "payment" = 'on_use' then null else now() end,
         "next_check_at" = case when "payment" = 'on_use' then now() else null end,
         "carrier" = ?, "carrier_refs" = ?::jsonb, "cost_cents" = ?, "tracking_number" = ?, "label_name" = ?,
         "label_file_id" = (select "id" from file), "purchased_at" = now(), "updated_at" = now()
       where "id" = ? and "status" = 'pending' and (select "id" from file) is not null returning *`,
      [label.labelName, contentType, label.file.length, label.file, id, label.labelName, label.carrier, JSON.stringify(label.carrierRefs), label.costCents, label.trackingNumber, label.labelName, id],
    );
    return rows[0] ? toReturn(rows[0]) : null;
  }

  /** Forgets a pending return whose purchase was refused (nothing of it stays for a timer to act on). */
  async discardPending(id: string): Promise<void> {
    await this.db.execute(`delete from ${this.t('return_labels')} where "id" = ? and "status" = 'pending'`, [id]);
  }

  /**
   * Claims up to `limit` returns due a look: unused pay-on-use labels whose next check has come, and purchases left
   * pending longer than `staleSeconds` (a worker died mid-purchase). Each is put off `againSeconds` so another replica
   * does not take it meanwhile.
   */
  async claimDue(limit: number, againSeconds: number, staleSeconds: number): Promise<ReturnRow[]> {
    const rows = await this.db.execute<Row[]>(
      `update ${this.t('return_labels')} set "next_check_at" = now() + make_interval(secs => ?),
              "updated_at" = case when "status" = 'pending' then now() else "updated_at" end
        where "id" in (
          select "id" from ${this.t('return_labels')}
           where ("status" = 'awaiting_scan' and "next_check_at" <= now())
              or ("status" = 'pending' and "updated_at" < now() - make_interval(secs => ?))
           order by "next_check_at" nulls first limit ? for update skip locked)
        returning *`,
      [againSeconds, staleSeconds, limit],
    );
    return rows.map(toReturn);
  }

  /** Puts off the next look at an unused label. */
  async checkLater(id: string, seconds: number): Promise<void> {
    await this.db.execute(`update ${this.t('return_labels')} set "next_check_at" = now() + make_interval(secs => ?) where "id" = ? and "status" = 'awaiting_scan'`, [seconds, id]);
  }

  /** Marks a pay-on-use label charged after its scan; false when it already was (the charge was posted once anyway). */
  async markCharged(id: string, scannedAt: Date): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('return_labels')} set "status" = 'charged', "scanned_at" = ?, "charged_at" = now(), "next_check_at" = null, "updated_at" = now()
        where "id" = ? and "status" = 'awaiting_scan' returning "id"`,
      [scannedAt, id],
    );
    return rows.length > 0;
  }

  /**
   * Marks a bought, unused return label voided (decision 123); false when it was not in one of those states any more
   * (voided already, or charged at a scan meanwhile).
   */
  async markVoided(id: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('return_labels')} set "status" = 'voided', "voided_at" = now(), "next_check_at" = null, "updated_at" = now()
        where "id" = ? and "status" in ('prepaid', 'awaiting_scan') returning "id"`,
      [id],
    );
    return rows.length > 0;
  }
}
