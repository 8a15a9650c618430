import { Inject, Injectable } from '@nestjs/common';
import type { ApiMode, ReturnPayment, ReturnState } from '@labeldesk/contracts';
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
  /** When it was voided at its carrier (its refund asked for, if one is pending), else null. */
  voidedAt: Date | null;
  /** The carrier's id of a pending refund (decision 125), its rejection's reason, and how often it was asked about. */
  refundRef: string | null;
  refundReason: string | null;
  refundChecks: number;
  mode: ApiMode;
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
  voided_at: Date | string | null;
  refund_ref: string | null;
  refund_reason: string | null;
  refund_checks: number | null;
  mode: ApiMode | null;
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
  voidedAt: dateOrNull(row.voided_at),
  refundRef: row.refund_ref ?? null,
  refundReason: row.refund_reason ?? null,
  refundChecks: row.refund_checks ?? 0,
  mode: row.mode ?? 'live',
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
  /** The account of that carrier to buy on (the outbound label's: decision 125), kept in `carrier_refs` until bought. */
  carrierAccount: string | null;
  /** The order's mode: a test order's return is bought on the sandbox and the test balance (decision 125). */
  mode: ApiMode;
}

/** Return labels beside the orders they return (decision 101). */
@Injectable()
export class ReturnLabelsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'return_labels' | 'files' | 'label_voids' | 'orders'): string {
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
      `insert into ${this.t('return_labels')} ("id", "order_id", "user_id", "generation", "status", "payment", "courier", "service_uid", "service_name", "price_cents", "carrier", "carrier_refs", "mode")
       values (?, ?, ?, ${generation}, 'pending', ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict ("order_id", "generation") do nothing returning *`,
      [draft.id, draft.orderId, draft.userId, draft.generation === 'next' ? draft.orderId : draft.generation, draft.payment, draft.courier, draft.serviceUid, draft.serviceName, draft.priceCents, draft.carrier, draft.carrierAccount ? JSON.stringify({ carrierAccountId: draft.carrierAccount }) : null, draft.mode],
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

  /** The carrier account that sold the order's outbound label (EasyPost's `ca_…`), when its purchase recorded one. */
  async outboundAccountOf(orderId: string): Promise<string | null> {
    const rows = await this.db.execute<Array<{ account: string | null }>>(`select "carrier_refs"->>'carrierAccountId' as "account" from ${this.t('orders')} where "id" = ?`, [orderId]);
    return rows[0]?.account ?? null;
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

  /** The scope's bought return labels, of these orders or all, of one mode or both, newest first. */
  async list(scope: OwnerScope, orderIds: readonly string[] | undefined, mode?: ApiMode): Promise<ReturnRow[]> {
    if (orderIds?.length === 0) return [];
    const owner = ownerCondition(scope, '"user_id"');
    const only = orderIds ? ` and "order_id" in (${placeholders(orderIds)})` : '';
    const ofMode = mode ? ` and "mode" = ?` : '';
    const rows = await this.db.execute<Row[]>(
      `select * from ${this.t('return_labels')} where "status" <> 'pending'${owner.sql}${only}${ofMode} order by "created_at" desc limit 5000`,
      [...owner.values, ...(orderIds ?? []), ...(mode ? [mode] : [])],
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
   * Claims up to `limit` returns due a look: unused pay-on-use labels whose next check has come, voided returns whose
   * pending refund is due a question (decision 125), and purchases left pending longer than `staleSeconds` (a worker
   * died mid-purchase). Each is put off `againSeconds` so another replica does not take it meanwhile.
   */
  async claimDue(limit: number, againSeconds: number, staleSeconds: number): Promise<ReturnRow[]> {
    const rows = await this.db.execute<Row[]>(
      `update ${this.t('return_labels')} set "next_check_at" = now() + make_interval(secs => ?),
              "updated_at" = case when "status" = 'pending' then now() else "updated_at" end
        where "id" in (
          select "id" from ${this.t('return_labels')}
           where ("status" in ('awaiting_scan', 'refund_pending') and "next_check_at" <= now())
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
   * Marks a return label voided (decision 123): a bought, unused one the carrier cancelled at once, or one whose pending
   * refund the carrier paid (decision 125, after its credit). False when it was in none of those states any more
   * (voided already, charged at a scan meanwhile, its refund rejected).
   */
  async markVoided(id: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('return_labels')} set "status" = 'voided', "voided_at" = coalesce("voided_at", now()), "next_check_at" = null, "updated_at" = now()
        where "id" = ? and "status" in ('prepaid', 'awaiting_scan', 'refund_pending') returning "id"`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * A bought, unused return voided at a carrier that refunds later (decision 125): nothing is credited yet; its refund
   * is asked about from `nextCheckAt`. Null when it had left prepaid/awaiting_scan meanwhile.
   */
  async markRefundPending(id: string, refundRef: string | null, nextCheckAt: Date): Promise<ReturnRow | null> {
    const rows = await this.db.execute<Row[]>(
      `update ${this.t('return_labels')} set "status" = 'refund_pending', "voided_at" = now(), "refund_ref" = ?, "refund_checks" = 0, "next_check_at" = ?, "updated_at" = now()
        where "id" = ? and "status" in ('prepaid', 'awaiting_scan') returning *`,
      [refundRef, nextCheckAt, id],
    );
    return rows[0] ? toReturn(rows[0]) : null;
  }

  /** A pending refund the carrier has not settled: asked about again at `nextCheckAt`, one check more. */
  async refundLater(id: string, nextCheckAt: Date, refundRef?: string | null): Promise<void> {
    await this.db.execute(
      `update ${this.t('return_labels')} set "refund_checks" = "refund_checks" + 1, "next_check_at" = ?, "refund_ref" = coalesce(?, "refund_ref"), "updated_at" = now()
        where "id" = ? and "status" = 'refund_pending'`,
      [nextCheckAt, refundRef ?? null, id],
    );
  }

  /** The carrier refused a pending refund: final, with its reason; nothing was credited. */
  async markRefundRejected(id: string, reason: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('return_labels')} set "status" = 'refund_rejected', "refund_reason" = ?, "next_check_at" = null, "updated_at" = now()
        where "id" = ? and "status" = 'refund_pending' returning "id"`,
      [reason.slice(0, 500), id],
    );
    return rows.length > 0;
  }
}
