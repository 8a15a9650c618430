import { Inject, Injectable } from '@nestjs/common';
import { ORM, isUniqueViolation, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { SCAN_FORM_COURIER, type SingleOrder } from '@labeldesk/contracts';
import type { OwnerScope } from '@labeldesk/nest-transport';
import { type CarrierId, type CarrierRefs, type LabelAddress, toShipment } from '../carriers';
import { EVERY_OWNER, jsonColumn, ownerCondition } from '../database';
import type { LabelKind, VoidState } from '../lifecycle';
import type { OtherCourierLabel } from './no-form-couriers';
import type { FormCandidate, PlannedForm } from './scan-form-plan';

/**
 * Where a form stands: `pending` while the carrier is being asked, `created` once its file is kept, `unconfirmed`
 * when the carrier was asked and may have made it but we could not read that it did (no file; its labels stay
 * claimed and count as manifested, and it is never asked again).
 */
export type ScanFormState = 'pending' | 'created' | 'unconfirmed';

/** A SCAN form as stored. */
export interface ScanFormRecord {
  id: string;
  userId: string;
  carrier: CarrierId;
  bulkOrderId: string | null;
  sender: LabelAddress;
  mailingDate: string;
  trackingNumbers: string[];
  state: ScanFormState;
  barcode: string | null;
  fileId: string | null;
  createdAt: Date;
}

interface FormRow {
  id: string;
  user_id: string;
  carrier: CarrierId;
  bulk_order_id: string | null;
  sender: LabelAddress | string;
  /** `to_char` of the date column: a `date` read as a JS Date would shift with the process's time zone. */
  mailing_day: string;
  tracking_numbers: string[] | string;
  state: ScanFormState;
  barcode: string | null;
  file_id: string | null;
  created_at: Date | string;
}

interface CandidateRow {
  label_kind: LabelKind;
  label_id: string;
  carrier: CarrierId;
  tracking_number: string;
  carrier_refs: CarrierRefs | string;
  sender: SingleOrder['sender'] | string;
  void_state: VoidState | null;
  scan_form_id: string | null;
  scan_form_state: ScanFormState | null;
  receiver_name: string | null;
  purchased_at: Date | string;
}

/** One of a day's single labels: a form candidate, with what a customer tells labels apart by. */
export interface DayCandidate extends FormCandidate {
  receiverName: string;
  purchasedAt: Date;
}

const toForm = (row: FormRow): ScanFormRecord => ({
  id: row.id,
  userId: row.user_id,
  carrier: row.carrier,
  bulkOrderId: row.bulk_order_id,
  sender: jsonColumn(row.sender),
  mailingDate: row.mailing_day,
  trackingNumbers: jsonColumn(row.tracking_numbers),
  state: row.state,
  barcode: row.barcode,
  fileId: row.file_id,
  createdAt: new Date(row.created_at),
});

/** Our sender fields as the carrier port's address (the same mapping a purchase uses). */
const senderAddress = (sender: SingleOrder['sender']): LabelAddress =>
  toShipment({ serviceUid: '', sender, receiver: { receiver_name: '', receiver_phone: null, receiver_company: null, receiver_address1: '', receiver_address2: null, receiver_city: '', receiver_state_province: '', receiver_zip_postal: '', receiver_country: 'US' }, package: { package_length: 1, package_width: 1, package_height: 1, package_weight: 1, package_description: null, package_reference1: null, package_reference2: null } }, null).from;

const toCandidate = (row: CandidateRow): FormCandidate => ({
  kind: row.label_kind,
  labelId: row.label_id,
  trackingNumber: row.tracking_number,
  carrier: row.carrier,
  carrierRefs: jsonColumn(row.carrier_refs),
  sender: senderAddress(jsonColumn(row.sender)),
  voidState: row.void_state,
  scanFormId: row.scan_form_id,
  scanFormState: row.scan_form_state,
});

/**
 * SCAN forms and the labels on them. `scan_form_labels` has one row per label (its primary key): the claim that
 * keeps a label off a second form, whichever request or replica asks at the same time.
 */
@Injectable()
export class ScanFormsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'labels' | 'label_voids' | 'scan_forms' | 'scan_form_labels' | 'orders' | 'bulk_items'): string {
    return schemaTable(this.orm, name);
  }

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  /**
   * Labels that may go on a form: USPS's only (a SCAN form is USPS's PS Form 5630), whatever label carrier sold them.
   * Its first value is SCAN_FORM_COURIER.
   */
  private candidatesQuery(where: string, orderBy: string): string {
    return `select l."label_kind", l."label_id", l."carrier", l."tracking_number", l."carrier_refs",
                   coalesce(o."sender", i."data"->'sender') as "sender", v."state" as "void_state", f."scan_form_id", sf."state" as "scan_form_state",
                   coalesce(o."receiver", i."data"->'receiver')->>'receiver_name' as "receiver_name", l."purchased_at"
              from ${this.t('labels')} l
              left join ${this.t('orders')} o on l."label_kind" = 'single' and o."id" = l."label_id"
              left join ${this.t('bulk_items')} i on l."label_kind" = 'bulk' and i."id" = l."label_id"
              left join ${this.t('label_voids')} v on v."label_kind" = l."label_kind" and v."label_id" = l."label_id"
              left join ${this.t('scan_form_labels')} f on f."label_kind" = l."label_kind" and f."label_id" = l."label_id"
              left join ${this.t('scan_forms')} sf on sf."id" = f."scan_form_id"
             where l."courier" = ? and ${where} order by ${orderBy}`;
  }

  /** Labels no form takes (other couriers'), so that a day or batch of only those can say so. */
  private async otherCourierLabels(where: string, values: readonly unknown[]): Promise<OtherCourierLabel[]> {
    const rows = await this.em().execute<Array<{ label_id: string; tracking_number: string; courier: string }>>(
      `select l."label_id", l."tracking_number", l."courier" from ${this.t('labels')} l
        where l."courier" <> ? and ${where} order by l."purchased_at", l."label_id"`,
      [SCAN_FORM_COURIER, ...values],
    );
    return rows.map((row) => ({ labelId: row.label_id, trackingNumber: row.tracking_number, courier: row.courier }));
  }

  batchLabelsOfOtherCouriers(bulkOrderId: string): Promise<OtherCourierLabel[]> {
    return this.otherCourierLabels(`l."label_kind" = 'bulk' and l."order_id" = ?`, [bulkOrderId]);
  }

  singleLabelsOfOtherCouriers(userId: string, from: Date, to: Date): Promise<OtherCourierLabel[]> {
    return this.otherCourierLabels(`l."label_kind" = 'single' and l."user_id" = ? and l."purchased_at" >= ? and l."purchased_at" < ?`, [userId, from, to]);
  }

  /** A batch's labels in the order of its label file (by SKU when the batch is sorted so). */
  async batchCandidates(bulkOrderId: string, sortBySku: boolean): Promise<FormCandidate[]> {
    const orderBy = sortBySku ? `coalesce(i."sku", ''), l."row_no"` : `l."row_no"`;
    const rows = await this.em().execute<CandidateRow[]>(this.candidatesQuery(`l."label_kind" = 'bulk' and l."order_id" = ?`, orderBy), [SCAN_FORM_COURIER, bulkOrderId]);
    return rows.map(toCandidate);
  }

  /** A customer's single labels bought in [from, to), oldest first. */
  async singleCandidates(userId: string, from: Date, to: Date): Promise<DayCandidate[]> {
    const rows = await this.em().execute<CandidateRow[]>(
      this.candidatesQuery(`l."label_kind" = 'single' and l."user_id" = ? and l."purchased_at" >= ? and l."purchased_at" < ?`, `l."purchased_at", l."label_id"`),
      [SCAN_FORM_COURIER, userId, from, to],
    );
    return rows.map((row) => ({ ...toCandidate(row), receiverName: row.receiver_name ?? '', purchasedAt: new Date(row.purchased_at) }));
  }

  /**
   * Records a form as `pending` with its labels, in one transaction: false, and nothing kept, when any label is
   * already on another form (a racing request took it first).
   */
  async claim(form: { id: string; userId: string; bulkOrderId: string | null; mailingDate: string; planned: PlannedForm }): Promise<boolean> {
    const { planned } = form;
    try {
      await this.em().transactional(async (em) => {
        await em.execute(
          `insert into ${this.t('scan_forms')} ("id", "user_id", "carrier", "bulk_order_id", "sender", "sender_key", "mailing_date", "tracking_numbers", "state")
           values (?, ?, ?, ?, ?::jsonb, ?, ?::date, ?::jsonb, 'pending')`,
          [form.id, form.userId, planned.carrier, form.bulkOrderId, JSON.stringify(planned.sender), planned.senderKey, form.mailingDate, JSON.stringify(planned.labels.map((l) => l.trackingNumber))],
        );
        await em.execute(
          `insert into ${this.t('scan_form_labels')} ("label_kind", "label_id", "scan_form_id", "tracking_number") values ${planned.labels.map(() => '(?, ?, ?, ?)').join(', ')}`,
          planned.labels.flatMap((l) => [l.kind, l.labelId, form.id, l.trackingNumber]),
        );
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'scan_form_labels_label_unique')) return false;
      throw error;
    }
  }

  /** The carrier made the form: its number and file are kept, and it is never asked for again. */
  async complete(formId: string, barcode: string, carrierRefs: CarrierRefs, fileId: string): Promise<void> {
    await this.em().execute(
      `update ${this.t('scan_forms')} set "state" = 'created', "barcode" = ?, "carrier_refs" = ?::jsonb, "file_id" = ?, "updated_at" = now() where "id" = ?`,
      [barcode, JSON.stringify(carrierRefs), fileId, formId],
    );
  }

  /**
   * The carrier may have made the form but did not confirm it readably: its labels stay claimed (never on a second
   * form) and count as manifested; the barcode and ids it named, and its words, are kept for the operator.
   */
  async unconfirm(formId: string, answer: { barcode: string | null; carrierRefs: CarrierRefs; message: string }): Promise<void> {
    await this.em().execute(
      `update ${this.t('scan_forms')} set "state" = 'unconfirmed', "barcode" = ?, "carrier_refs" = ?::jsonb, "carrier_answer" = ?, "updated_at" = now()
        where "id" = ? and "state" = 'pending'`,
      [answer.barcode, JSON.stringify(answer.carrierRefs), answer.message, formId],
    );
  }

  /**
   * A customer's forms left `pending` since before `claimedBefore`: the request that claimed them stopped (a crash,
   * a restart) after it may have asked the carrier. Each is made `unconfirmed`, with `message` as what is known, and
   * answered once: a racing reader's update finds it no longer pending, so one alert is raised for it.
   */
  async unconfirmAbandoned(userId: string, claimedBefore: Date, message: string): Promise<ScanFormRecord[]> {
    const rows = await this.em().execute<FormRow[]>(
      `update ${this.t('scan_forms')} set "state" = 'unconfirmed', "carrier_answer" = ?, "updated_at" = now()
        where "user_id" = ? and "state" = 'pending' and "created_at" < ?
        returning *, to_char("mailing_date", 'YYYY-MM-DD') as "mailing_day"`,
      [message, userId, claimedBefore],
    );
    return rows.map(toForm);
  }

  /** The carrier refused, or provably was not asked: the claim goes, and its labels may go on a form again. */
  async release(formId: string): Promise<void> {
    await this.em().execute(`delete from ${this.t('scan_forms')} where "id" = ? and "state" = 'pending'`, [formId]);
  }

  find(formId: string): Promise<ScanFormRecord | null> {
    return this.findOwned(formId, EVERY_OWNER);
  }

  /** The form if its owner is in the caller's scope, filtered in the query: another user's is not found, as a missing one. */
  async findOwned(formId: string, scope: OwnerScope): Promise<ScanFormRecord | null> {
    const owner = ownerCondition(scope, '"user_id"');
    const [row] = await this.em().execute<FormRow[]>(
      `select *, to_char("mailing_date", 'YYYY-MM-DD') as "mailing_day" from ${this.t('scan_forms')} where "id" = ?${owner.sql}`,
      [formId, ...owner.values],
    );
    return row ? toForm(row) : null;
  }

  /** A batch's forms, oldest first. */
  async ofBatch(bulkOrderId: string): Promise<ScanFormRecord[]> {
    const rows = await this.em().execute<FormRow[]>(`select *, to_char("mailing_date", 'YYYY-MM-DD') as "mailing_day" from ${this.t('scan_forms')} where "bulk_order_id" = ? order by "created_at", "id"`, [bulkOrderId]);
    return rows.map(toForm);
  }

  /** A customer's forms of single labels mailed on `mailingDate`, oldest first. */
  async ofDay(userId: string, mailingDate: string): Promise<ScanFormRecord[]> {
    const rows = await this.em().execute<FormRow[]>(
      `select *, to_char("mailing_date", 'YYYY-MM-DD') as "mailing_day" from ${this.t('scan_forms')} where "user_id" = ? and "bulk_order_id" is null and "mailing_date" = ?::date order by "created_at", "id"`,
      [userId, mailingDate],
    );
    return rows.map(toForm);
  }

  /** The merged file of a batch's forms up to this one, when built. */
  async bundleOf(formId: string): Promise<string | null> {
    const [row] = await this.em().execute<Array<{ bundle_file_id: string | null }>>(`select "bundle_file_id" from ${this.t('scan_forms')} where "id" = ?`, [formId]);
    return row?.bundle_file_id ?? null;
  }

  /** Keeps the merged file on the form, unless a racing request kept one first: that one is answered. */
  async keepBundle(formId: string, fileId: string): Promise<string> {
    const [row] = await this.em().execute<Array<{ bundle_file_id: string }>>(
      `update ${this.t('scan_forms')} set "bundle_file_id" = coalesce("bundle_file_id", ?) where "id" = ? returning "bundle_file_id"`,
      [fileId, formId],
    );
    return row?.bundle_file_id ?? fileId;
  }
}
