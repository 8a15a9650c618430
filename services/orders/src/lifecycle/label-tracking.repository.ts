import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type CarrierId, TRACKING_STATUSES, type TrackingReport, type TrackingStatus } from '../carriers';
import { isUsed } from './label-state';
import type { ChargedLabel, LabelKind } from './label-voids.repository';
import { jsonColumn } from '../database';
import { type OutboxEvent, outboxInsert } from '../webhooks';

const TRACKING_UPDATED: OutboxEvent = {
  type: 'tracking.updated',
  from: 'changed src',
  eventId: `'tracking.updated:' || src."label_kind" || ':' || src."label_id" || ':' || src."status" || ':' || jsonb_array_length(src."events")`,
  data: `jsonb_build_object('labelKind', src."label_kind", 'labelId', src."label_id", 'orderId', src."order_id", 'trackingNumber', src."tracking_number",
           'carrier', src."carrier", 'status', src."status", 'used', src."used", 'lastEvent', src."events" -> -1)`,
};

/** Statuses after which a parcel's tracking no longer changes: it is not polled again. */
export const FINAL_TRACKING: ReadonlySet<TrackingStatus> = new Set(['delivered', 'return_to_sender', 'cancelled']);

/** How long after purchase a label is still polled (a parcel not delivered by then is not going to be). */
export const TRACKING_HORIZON_DAYS = 60;

/** What polling a label's tracking needs to know of it. */
export type TrackedLabel = Pick<ChargedLabel, 'kind' | 'labelId' | 'carrier' | 'trackingNumber' | 'carrierRefs' | 'purchasedAt'>;

export interface StoredTracking {
  kind: LabelKind;
  labelId: string;
  trackingNumber: string;
  carrier: CarrierId;
  status: TrackingStatus;
  used: boolean;
  events: Array<{ status: TrackingStatus; message: string; occurredAt: string; location: string | null }>;
  checkedAt: Date | null;
}

interface TrackingRow {
  label_kind: LabelKind;
  label_id: string;
  tracking_number: string;
  carrier: CarrierId;
  status: TrackingStatus;
  used: boolean;
  events: StoredTracking['events'] | string;
  checked_at: Date | string | null;
}

const toTracking = (row: TrackingRow): StoredTracking => ({
  kind: row.label_kind,
  labelId: row.label_id,
  trackingNumber: row.tracking_number,
  carrier: row.carrier,
  status: (TRACKING_STATUSES as readonly string[]).includes(row.status) ? row.status : 'unknown',
  used: row.used,
  events: jsonColumn(row.events),
  checkedAt: row.checked_at === null ? null : new Date(row.checked_at),
});

/** A label's carrier tracking as last reported: its status, its events and whether it was used (scanned). */
@Injectable()
export class LabelTrackingRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'labels' | 'label_tracking' | 'label_voids'): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  async get(kind: LabelKind, labelId: string): Promise<StoredTracking | null> {
    const rows = await this.db.execute<TrackingRow[]>(`select * from ${this.t('label_tracking')} where "label_kind" = ? and "label_id" = ?`, [kind, labelId]);
    return rows[0] ? toTracking(rows[0]) : null;
  }

  /** The labels carrying this tracking number (a webhook names only the number). */
  async labelsByTrackingNumber(trackingNumber: string): Promise<Array<{ kind: LabelKind; labelId: string; carrier: CarrierId }>> {
    const rows = await this.db.execute<Array<{ label_kind: LabelKind; label_id: string; carrier: CarrierId }>>(
      `select "label_kind", "label_id", "carrier" from ${this.t('labels')} where "tracking_number" = ?`,
      [trackingNumber],
    );
    return rows.map((r) => ({ kind: r.label_kind, labelId: r.label_id, carrier: r.carrier }));
  }

  /**
   * Stores what the carrier reported. A label once used stays used (a later, shorter report never makes it voidable
   * again), and the next poll is set after `refreshSeconds` unless the status is final.
   */
  async save(label: Pick<ChargedLabel, 'kind' | 'labelId' | 'trackingNumber' | 'carrier'>, report: TrackingReport, refreshSeconds: number): Promise<StoredTracking> {
    const events = report.events.map((e) => ({ status: e.status, message: e.message, occurredAt: e.occurredAt.toISOString(), location: e.location }));
    const used = isUsed(report.status) || report.events.some((e) => isUsed(e.status));
    const next = FINAL_TRACKING.has(report.status) ? 'infinity' : new Date(Date.now() + refreshSeconds * 1000).toISOString();
    // A report that changes the status or adds events queues tracking.updated in the same statement (docs/decisions/051);
    // `before` reads the row as it was, since every part of one statement sees the same snapshot.
    const rows = await this.db.execute<TrackingRow[]>(
      `with before as (
         select "status", jsonb_array_length("events") as "event_count", "checked_at" from ${this.t('label_tracking')} where "label_kind" = ? and "label_id" = ?
       ), saved as (
         insert into ${this.t('label_tracking')} ("label_kind", "label_id", "tracking_number", "carrier", "status", "used", "events", "checked_at", "next_poll_at")
         values (?, ?, ?, ?, ?, ?, ?::jsonb, now(), ?::timestamptz)
         on conflict ("label_kind", "label_id") do update set "status" = excluded."status", "used" = ${this.t('label_tracking')}."used" or excluded."used",
                "events" = excluded."events", "checked_at" = now(), "next_poll_at" = excluded."next_poll_at", "updated_at" = now()
         returning *
       ), changed as (
         select s.*, l."user_id", l."order_id" from saved s join ${this.t('labels')} l on l."label_kind" = s."label_kind" and l."label_id" = s."label_id"
          where s."status" <> 'unknown' and not exists (select 1 from before b where b."checked_at" is not null and b."status" = s."status" and b."event_count" = jsonb_array_length(s."events"))
       ), hooks as (${outboxInsert((name) => schemaTable(this.orm, name), TRACKING_UPDATED)})
       select * from saved`,
      [label.kind, label.labelId, label.kind, label.labelId, label.trackingNumber, label.carrier, report.status, used, JSON.stringify(events), next],
    );
    return toTracking(rows[0] as TrackingRow);
  }

  /**
   * Claims up to `limit` labels due for a poll (never polled, or their next poll has come; not final; bought within
   * the horizon) for this worker, pushing their next poll `leaseSeconds` ahead so replicas do not poll the same one.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<TrackedLabel[]> {
    const rows = await this.db.execute<Array<{ label_kind: LabelKind; label_id: string; carrier: CarrierId; tracking_number: string; carrier_refs: ChargedLabel['carrierRefs'] | string; purchased_at: Date | string }>>(
      `with due as (
         select l."label_kind", l."label_id", l."carrier", l."tracking_number", l."carrier_refs", l."purchased_at"
           from ${this.t('labels')} l left join ${this.t('label_tracking')} t on t."label_kind" = l."label_kind" and t."label_id" = l."label_id"
          where l."purchased_at" > now() - make_interval(days => ?) and (t."label_id" is null or t."next_poll_at" <= now())
            -- A label cancelled before the manifest never travels: nothing to follow.
            and not exists (select 1 from ${this.t('label_voids')} v where v."label_kind" = l."label_kind" and v."label_id" = l."label_id" and v."state" = 'voided')
          order by t."next_poll_at" nulls first limit ?
       ), leased as (
         insert into ${this.t('label_tracking')} ("label_kind", "label_id", "tracking_number", "carrier", "status", "next_poll_at")
         select "label_kind", "label_id", "tracking_number", "carrier", 'unknown', now() + make_interval(secs => ?) from due
         on conflict ("label_kind", "label_id") do update set "next_poll_at" = excluded."next_poll_at"
          where ${this.t('label_tracking')}."next_poll_at" <= now()
         returning "label_kind", "label_id"
       )
       select due.* from due join leased using ("label_kind", "label_id")`,
      [TRACKING_HORIZON_DAYS, limit, leaseSeconds],
    );
    return rows.map((r) => ({
      kind: r.label_kind,
      labelId: r.label_id,
      carrier: r.carrier,
      trackingNumber: r.tracking_number,
      carrierRefs: jsonColumn(r.carrier_refs),
      purchasedAt: new Date(r.purchased_at),
    }));
  }
}
