import { Inject, Injectable } from '@nestjs/common';
import type { LabelState } from '@labeldesk/contracts';
import { ORM, isUniqueViolation, schemaTable } from '@labeldesk/nest-orm';
import type { OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { CarrierId, CarrierRefs, TrackingStatus } from '../carriers';
import type { VoidState } from './label-state';
import { jsonColumn, ownerCondition, placeholders } from '../database';
import { type OutboxEvent, outboxInsert } from '../webhooks';

const voidEvent = (type: 'label.voided' | 'label.refunded'): OutboxEvent => ({
  type,
  from: 'moved src',
  eventId: `'${type}:' || src."id"`,
  data: `jsonb_build_object('labelKind', src."label_kind", 'labelId', src."label_id", 'orderId', src."order_id", 'trackingNumber', src."tracking_number",
           'carrier', src."carrier", 'amountCents', src."amount_cents", 'state', src."state", 'requestedBy', src."requested_by", 'settledAt', src."settled_at")`,
});
const LABEL_VOIDED = voidEvent('label.voided');
const LABEL_REFUNDED = voidEvent('label.refunded');

export type LabelKind = 'single' | 'bulk';
export type RequestedBy = 'customer' | 'admin' | 'auto';

/** A charged label, single or from a batch (the `labels` view), with its void and tracking when it has them. */
export interface ChargedLabel {
  kind: LabelKind;
  labelId: string;
  /** The single order's id, or the batch's. */
  orderId: string;
  userId: string;
  carrier: CarrierId;
  trackingNumber: string;
  carrierRefs: CarrierRefs;
  purchasedAt: Date;
  amountCents: number;
  /** The ledger key of the charge a refund gives back (`label:<orderId>:<attempt>`, `bulk-item:<itemId>`). */
  chargeKey: string;
  serviceName: string;
  /** The courier carrying it (usps, ups…), as the order chose; null from a replica of an earlier release's view. */
  courier: string | null;
  receiverName: string;
  /** 1-based row of a batch's file, null for a single label. */
  row: number | null;
  voidState: VoidState | null;
  voidReason: string | null;
  trackingStatus: TrackingStatus | null;
}

export interface LabelVoid {
  id: string;
  kind: LabelKind;
  labelId: string;
  orderId: string;
  userId: string;
  carrier: CarrierId;
  trackingNumber: string;
  carrierRefs: CarrierRefs;
  purchasedAt: Date;
  amountCents: number;
  chargeKey: string;
  state: VoidState;
  refundRef: string | null;
  reason: string | null;
  requestedBy: RequestedBy;
  requestedAt: Date;
  settledAt: Date | null;
  checks: number;
}

interface LabelRow {
  label_kind: LabelKind;
  label_id: string;
  order_id: string;
  user_id: string;
  carrier: CarrierId;
  tracking_number: string;
  carrier_refs: CarrierRefs | string;
  purchased_at: Date | string;
  amount_cents: number | string;
  charge_key: string;
  service_name: string;
  receiver_name: string | null;
  row_no: number | null;
  courier?: string | null;
  void_state: VoidState | null;
  void_reason: string | null;
  tracking_status: TrackingStatus | null;
}

interface VoidRow {
  id: string;
  label_kind: LabelKind;
  label_id: string;
  order_id: string;
  user_id: string;
  carrier: CarrierId;
  tracking_number: string;
  carrier_refs: CarrierRefs | string;
  purchased_at: Date | string;
  amount_cents: number;
  charge_key: string;
  state: VoidState;
  refund_ref: string | null;
  reason: string | null;
  requested_by: RequestedBy;
  requested_at: Date | string;
  settled_at: Date | string | null;
  checks: number;
}


const toLabel = (row: LabelRow): ChargedLabel => ({
  kind: row.label_kind,
  labelId: row.label_id,
  orderId: row.order_id,
  userId: row.user_id,
  carrier: row.carrier,
  trackingNumber: row.tracking_number,
  carrierRefs: jsonColumn(row.carrier_refs),
  purchasedAt: new Date(row.purchased_at),
  amountCents: Number(row.amount_cents),
  chargeKey: row.charge_key,
  serviceName: row.service_name,
  courier: row.courier ?? null,
  receiverName: row.receiver_name ?? '',
  row: row.row_no,
  voidState: row.void_state,
  voidReason: row.void_reason,
  trackingStatus: row.tracking_status,
});

const toVoid = (row: VoidRow): LabelVoid => ({
  id: row.id,
  kind: row.label_kind,
  labelId: row.label_id,
  orderId: row.order_id,
  userId: row.user_id,
  carrier: row.carrier,
  trackingNumber: row.tracking_number,
  carrierRefs: jsonColumn(row.carrier_refs),
  purchasedAt: new Date(row.purchased_at),
  amountCents: row.amount_cents,
  chargeKey: row.charge_key,
  state: row.state,
  refundRef: row.refund_ref,
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: new Date(row.requested_at),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  checks: row.checks,
});

/** Where a void stands after the carrier answered, written only while the void is still in one of `from`. */
export interface VoidChange {
  state: VoidState;
  refundRef?: string | null;
  reason?: string | null;
  /** When to ask the carrier again (void_requested, refund_pending), null once final. */
  nextCheckAt?: Date | null;
}

/**
 * Labels, their voids and the refunds' progress. The unique void per label is the gate that makes a void happen once:
 * every other step (the carrier's void, the ledger's credit) is idempotent and may be repeated after a crash.
 */
@Injectable()
export class LabelVoidsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'labels' | 'label_voids' | 'label_tracking'): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  private labelsQuery(where: string): string {
    return `select l.*, v."state" as "void_state", v."reason" as "void_reason", case when t."checked_at" is null then null else t."status" end as "tracking_status"
              from ${this.t('labels')} l
              left join ${this.t('label_voids')} v on v."label_kind" = l."label_kind" and v."label_id" = l."label_id"
              left join ${this.t('label_tracking')} t on t."label_kind" = l."label_kind" and t."label_id" = l."label_id"
             where ${where}`;
  }

  /**
   * A single order's label, or null when the order has no charged label (not completed, or no such order) or its owner
   * is outside the caller's scope.
   */
  async singleLabel(orderId: string, scope: OwnerScope): Promise<ChargedLabel | null> {
    const owner = ownerCondition(scope, 'l."user_id"');
    const rows = await this.db.execute<LabelRow[]>(this.labelsQuery(`l."label_kind" = 'single' and l."label_id" = ?${owner.sql}`), [orderId, ...owner.values]);
    return rows[0] ? toLabel(rows[0]) : null;
  }

  /** One label of a batch by its tracking number, if its owner is in the caller's scope. */
  async batchLabel(bulkOrderId: string, trackingNumber: string, scope: OwnerScope): Promise<ChargedLabel | null> {
    const owner = ownerCondition(scope, 'l."user_id"');
    const rows = await this.db.execute<LabelRow[]>(
      this.labelsQuery(`l."label_kind" = 'bulk' and l."order_id" = ? and l."tracking_number" = ?${owner.sql}`),
      [bulkOrderId, trackingNumber, ...owner.values],
    );
    return rows[0] ? toLabel(rows[0]) : null;
  }

  /**
   * An insurable label by its id (decision 122): a single order's, or a batch's by its item's id, if its owner is in
   * the caller's scope (no scope: anyone's). Ids are UUIDs, so a single order's and an item's never meet.
   */
  async insurableLabel(labelId: string, scope?: OwnerScope): Promise<ChargedLabel | null> {
    const owner = scope ? ownerCondition(scope, 'l."user_id"') : { sql: '', values: [] };
    const rows = await this.db.execute<LabelRow[]>(this.labelsQuery(`l."label_kind" in ('single', 'bulk') and l."label_id" = ?${owner.sql}`), [labelId, ...owner.values]);
    return rows[0] ? toLabel(rows[0]) : null;
  }

  /** One label of any kind. */
  async label(kind: LabelKind, labelId: string): Promise<ChargedLabel | null> {
    const rows = await this.db.execute<LabelRow[]>(this.labelsQuery(`l."label_kind" = ? and l."label_id" = ?`), [kind, labelId]);
    return rows[0] ? toLabel(rows[0]) : null;
  }

  /** A batch's charged labels in file order, all of them or those with the tracking numbers given. */
  async batchLabels(bulkOrderId: string, trackingNumbers?: readonly string[]): Promise<ChargedLabel[]> {
    if (trackingNumbers?.length === 0) return [];
    const only = trackingNumbers ? ` and l."tracking_number" in (${placeholders(trackingNumbers)})` : '';
    const rows = await this.db.execute<LabelRow[]>(
      `${this.labelsQuery(`l."label_kind" = 'bulk' and l."order_id" = ?${only}`)} order by l."row_no"`,
      [bulkOrderId, ...(trackingNumbers ?? [])],
    );
    return rows.map(toLabel);
  }

  /** Up to `limit` of a batch's labels from file row `fromRow` on, in file order. */
  async batchLabelsFrom(bulkOrderId: string, fromRow: number, limit: number): Promise<ChargedLabel[]> {
    const rows = await this.db.execute<LabelRow[]>(
      `${this.labelsQuery(`l."label_kind" = 'bulk' and l."order_id" = ? and l."row_no" >= ?`)} order by l."row_no" limit ?`,
      [bulkOrderId, fromRow, limit],
    );
    return rows.map(toLabel);
  }

  /** One page of a batch's labels, in file order, and how many it has. */
  async batchLabelsPage(bulkOrderId: string, page: number, limit: number): Promise<{ labels: ChargedLabel[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.db.execute<LabelRow[]>(`${this.labelsQuery(`l."label_kind" = 'bulk' and l."order_id" = ?`)} order by l."row_no" limit ? offset ?`, [bulkOrderId, limit, (page - 1) * limit]),
      this.db.execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('labels')} l where l."label_kind" = 'bulk' and l."order_id" = ?`, [bulkOrderId]),
    ]);
    return { labels: rows.map(toLabel), total: Number(counted[0]?.n ?? 0) };
  }

  /** Unused labels bought before `boughtBefore` (and after `boughtAfter`) that nobody voided, oldest first. */
  async unusedUnvoided(boughtAfter: Date, boughtBefore: Date, limit: number): Promise<ChargedLabel[]> {
    const rows = await this.db.execute<LabelRow[]>(
      `${this.labelsQuery(`l."purchased_at" > ? and l."purchased_at" <= ? and v."id" is null and coalesce(t."used", false) = false`)} order by l."purchased_at" limit ?`,
      [boughtAfter, boughtBefore, limit],
    );
    return rows.map(toLabel);
  }

  /**
   * Claims the label's one void: a new row in `void_requested`, or null when the label already has a void (a second
   * click, a racing replica, the daily job): that caller moves nothing.
   */
  /**
   * `leaseSeconds`: how long the reconciler leaves a fresh claim to the request that made it (it may still be waiting
   * on the carrier) before it takes the void on itself.
   */
  async claim(label: ChargedLabel, requestedBy: RequestedBy, actorId: string | null, leaseSeconds: number): Promise<LabelVoid | null> {
    const id = randomUUID();
    try {
      const rows = await this.db.execute<VoidRow[]>(
        `insert into ${this.t('label_voids')} ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "carrier_refs", "purchased_at",
           "amount_cents", "charge_key", "state", "requested_by", "actor_id", "next_check_at")
         values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, 'void_requested', ?, ?, now() + make_interval(secs => ?))
         on conflict ("label_kind", "label_id") do nothing returning *`,
        [id, label.kind, label.labelId, label.orderId, label.userId, label.carrier, label.trackingNumber, JSON.stringify(label.carrierRefs), label.purchasedAt,
          label.amountCents, label.chargeKey, requestedBy, actorId, leaseSeconds],
      );
      return rows[0] ? toVoid(rows[0]) : null;
    } catch (error) {
      if (isUniqueViolation(error, 'label_voids_label_unique')) return null;
      throw error;
    }
  }

  /** Takes a claim back when the carrier refused the void: the label is `purchased` again and nothing is left behind. */
  async release(voidId: string): Promise<void> {
    await this.db.execute(`delete from ${this.t('label_voids')} where "id" = ? and "state" = 'void_requested'`, [voidId]);
  }

  /** Moves a void on, only while it is still in one of `from`; answers whether it moved. */
  async move(voidId: string, from: readonly VoidState[], change: VoidChange): Promise<boolean> {
    const settled = change.state === 'voided' || change.state === 'refunded' || change.state === 'refund_rejected';
    // A void or refund that completes queues its webhook in the same statement (docs/decisions/051).
    const event = change.state === 'voided' ? LABEL_VOIDED : change.state === 'refunded' ? LABEL_REFUNDED : null;
    const rows = await this.db.execute<Array<{ id: string }>>(
      `with moved as (
         update ${this.t('label_voids')} set "state" = ?, "refund_ref" = coalesce(?, "refund_ref"), "reason" = ?,
                "next_check_at" = coalesce(?, "next_check_at"), "settled_at" = case when ? then now() else null end, "updated_at" = now()
          where "id" = ? and "state" in (${placeholders(from)}) returning *
       )${event ? `, hooks as (${outboxInsert((name) => schemaTable(this.orm, name), event)})` : ''}
       select "id" from moved`,
      [change.state, change.refundRef ?? null, change.reason ?? null, change.nextCheckAt ?? null, settled, voidId, ...from],
    );
    return rows.length > 0;
  }

  async find(voidId: string): Promise<LabelVoid | null> {
    const rows = await this.db.execute<VoidRow[]>(`select * from ${this.t('label_voids')} where "id" = ?`, [voidId]);
    return rows[0] ? toVoid(rows[0]) : null;
  }

  /**
   * Claims voids due for a look at their carrier (void_requested, refund_pending) for this worker: their next check
   * is pushed `leaseSeconds` ahead in the same statement, so two replicas never ask about the same one at once.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<LabelVoid[]> {
    const table = this.t('label_voids');
    const rows = await this.db.execute<VoidRow[]>(
      `update ${table} set "next_check_at" = now() + make_interval(secs => ?), "checks" = "checks" + 1, "updated_at" = now()
        where "id" in (select "id" from ${table} where "state" in ('void_requested', 'refund_pending') and "next_check_at" <= now()
                        order by "next_check_at" limit ? for update skip locked)
        returning *`,
      [leaseSeconds, limit],
    );
    return rows.map(toVoid);
  }

  /** Money the carriers are still deciding about, and what refunds gave back, for one customer. */
  async summary(userId: string): Promise<{ pendingCents: number; pendingCount: number; refundedCents: number; refundedCount: number }> {
    const [row] = await this.db.execute<Array<{ pending_cents: string; pending_count: string; refunded_cents: string; refunded_count: string }>>(
      `select coalesce(sum("amount_cents") filter (where "state" in ('void_requested', 'refund_pending')), 0) as "pending_cents",
              count(*) filter (where "state" in ('void_requested', 'refund_pending')) as "pending_count",
              coalesce(sum("amount_cents") filter (where "state" in ('voided', 'refunded')), 0) as "refunded_cents",
              count(*) filter (where "state" in ('voided', 'refunded')) as "refunded_count"
         from ${this.t('label_voids')} where "user_id" = ?`,
      [userId],
    );
    return {
      pendingCents: Number(row?.pending_cents ?? 0),
      pendingCount: Number(row?.pending_count ?? 0),
      refundedCents: Number(row?.refunded_cents ?? 0),
      refundedCount: Number(row?.refunded_count ?? 0),
    };
  }

  /** Every void, newest first, for admins. */
  async page(page: number, limit: number, state?: LabelState): Promise<{ voids: LabelVoid[]; total: number }> {
    const where = state ? `where "state" = ?` : '';
    const args = state ? [state] : [];
    const [rows, counted] = await Promise.all([
      this.db.execute<VoidRow[]>(`select * from ${this.t('label_voids')} ${where} order by "requested_at" desc, "id" limit ? offset ?`, [...args, limit, (page - 1) * limit]),
      this.db.execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('label_voids')} ${where}`, args),
    ]);
    return { voids: rows.map(toVoid), total: Number(counted[0]?.n ?? 0) };
  }
}
