import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { callerHasScope, DomainError, ErrorCode, FINAL_BULK_STATUSES, type Caller } from '@labeldesk/contracts';
import { ownsOrAdmin } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { BulkRepository } from '../bulk/bulk.repository';
import { mergedLabelPdfChunks } from '../bulk/output/merged-label-pdf.writer';
import { CarrierAlerts } from '../carriers/alerts/carrier-alerts';
import { unconfirmedScanFormText } from '../carriers/alerts/unreadable-answer';
import { CARRIER_REGISTRY, type CarrierId, type ScanFormOutcome, type ScanFormRequest } from '../carriers/carrier.port';
import type { CarrierRegistry } from '../carriers/registry/carrier-registry';
import { centralDayOf, centralInstant } from '../carriers/sandbox/sandbox-clock';
import { FileRepository } from '../files/file.repository';
import { exclusionOf, planScanForms, type FormCandidate, type PlannedForm } from './scan-form-plan';
import { listed, unconfirmedFormsError } from './scan-form-unconfirmed';
import { ScanFormsRepository, type DayCandidate, type ScanFormRecord } from './scan-forms.repository';

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

const NO_LABELS = 'No label can go on a SCAN form: every label is voided or already on a form.';
/** The scope refusal's own words (caller.policy.ts), for the one scope that making a form needs beyond reading. */
const MAKING_NEEDS_BUY = 'This API key lacks the scope labels:buy';

/** A file to download, as the files controller answers it. */
export interface FormFile {
  fileId: string;
}

/** The Central day (USPS's clock) of `now`, and the instants it starts and ends. */
export const mailingDayOf = (now: Date): { mailingDate: string; from: Date; to: Date } => {
  const mailingDate = centralDayOf(now);
  const [y, m, d] = mailingDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return { mailingDate, from: centralInstant(y, m, d, 0, 0), to: centralInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0) };
};

/** What a form was made for: its owner, its batch (or none: single labels) and its mailing day. */
interface FormScope {
  userId: string;
  bulkOrderId: string | null;
  mailingDate: string;
}

const isCreated = (form: ScanFormRecord): boolean => form.state === 'created';

/**
 * SCAN forms (USPS PS Form 5630, docs/decisions/046): for a batch, or for a customer's single labels of today. The
 * labels not voided and on no form are planned into forms (one sender, at most 200 each), each claimed in the
 * database before the carrier is asked, so a label never goes on two forms; forms made before are answered again.
 * Once the carrier was asked, only its refusal, or an answer that it provably was not asked, gives the labels back:
 * a form it may have made is kept `unconfirmed` (labels manifested, never asked again) and the operator alerted.
 */
@Injectable()
export class ScanFormUseCase {
  private readonly logger = new Logger(ScanFormUseCase.name);

  constructor(
    private readonly forms: ScanFormsRepository,
    private readonly files: FileRepository,
    private readonly bulk: BulkRepository,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Optional() private readonly alerts?: CarrierAlerts,
  ) {}

  /** The batch's SCAN form file (its forms as one PDF), made on the first ask; null while the batch still runs. */
  async forBatch(caller: Caller, bulkOrderId: string, now = new Date()): Promise<FormFile | null> {
    const batch = await this.bulk.find(bulkOrderId);
    if (!batch || !ownsOrAdmin(caller, batch.user_id)) throw new DomainError(ErrorCode.NOT_FOUND, 'File not found. This file may not have been generated yet.');
    if (!FINAL_BULK_STATUSES.includes(batch.status)) return null;
    const candidates = await this.forms.batchCandidates(bulkOrderId, batch.sort_by_sku);
    // Making a form manifests its labels (a void becomes a refund request): a key that may only read downloads the
    // forms made already and makes none.
    const mayMake = callerHasScope(caller, 'labels:buy');
    if (mayMake) await this.makeForms(candidates, { userId: batch.user_id, bulkOrderId, mailingDate: mailingDayOf(now).mailingDate });
    const forms = await this.forms.ofBatch(bulkOrderId);
    const made = forms.filter(isCreated);
    if (made.length === 0) this.throwUnconfirmed(forms);
    if (made.length === 0 && !mayMake && candidates.length > 0) throw new DomainError(ErrorCode.AUTH_SCOPE_MISSING, MAKING_NEEDS_BUY);
    if (made.length === 0) throw this.unavailable(candidates);
    return { fileId: await this.bundle(batch.user_id, made, `SCAN_Form_${bulkOrderId.slice(0, 8)}`) };
  }

  /** Today's forms of a customer's single labels (one per sender address), made for labels on none yet. */
  async forToday(caller: Caller, userId: string, now = new Date()): Promise<ScanFormRecord[]> {
    if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    const day = mailingDayOf(now);
    const candidates = await this.forms.singleCandidates(userId, day.from, day.to);
    await this.makeForms(candidates, { userId, bulkOrderId: null, mailingDate: day.mailingDate });
    const forms = await this.forms.ofDay(userId, day.mailingDate);
    const made = forms.filter(isCreated);
    if (made.length === 0) {
      this.throwUnconfirmed(forms);
      throw candidates.length === 0
        ? new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, 'No single label was bought today, so there is nothing for a SCAN form.')
        : this.unavailable(candidates);
    }
    return made;
  }

  /** Today's single labels (oldest first), each with whether it may go on a new form. */
  async todayLabels(caller: Caller, userId: string, now = new Date()): Promise<{ mailingDate: string; labels: DayCandidate[] }> {
    if (!ownsOrAdmin(caller, userId)) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    const day = mailingDayOf(now);
    return { mailingDate: day.mailingDate, labels: await this.forms.singleCandidates(userId, day.from, day.to) };
  }

  /**
   * Forms for the labels chosen among today's (by order id), one per sender address: every one chosen must be today's,
   * not voided and on no form, or nothing is made and the refusal names them. Answers the forms holding them.
   */
  async forChosen(caller: Caller, userId: string, orderIds: readonly string[], now = new Date()): Promise<ScanFormRecord[]> {
    const { mailingDate, labels } = await this.todayLabels(caller, userId, now);
    const byId = new Map(labels.map((label) => [label.labelId, label]));
    const unknown = orderIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `Not one of today's labels: ${listed(unknown)}. A SCAN form takes labels bought today.`);
    }
    const chosen = orderIds.map((id) => byId.get(id) as DayCandidate);
    const excluded = chosen.filter((label) => exclusionOf(label) !== null);
    if (excluded.length > 0) {
      const unconfirmed = new Map((await this.forms.ofDay(userId, mailingDate)).filter((f) => f.state === 'unconfirmed').map((f) => [f.id, f]));
      const onForm = (label: DayCandidate): string => {
        const form = label.scanFormId === null ? undefined : unconfirmed.get(label.scanFormId);
        return form ? `on a SCAN form ${this.nameOf(form.carrier)} has not confirmed` : 'already on a form';
      };
      const why = excluded.map((label) => `${label.trackingNumber} (${exclusionOf(label) === 'voided' ? 'voided' : onForm(label)})`);
      throw new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `These labels cannot go on a SCAN form: ${listed(why)}.`);
    }
    await this.makeForms(chosen, { userId, bulkOrderId: null, mailingDate });
    const tracking = new Set(chosen.map((label) => label.trackingNumber));
    const made = (await this.forms.ofDay(userId, mailingDate)).filter((f) => isCreated(f) && f.trackingNumbers.some((t) => tracking.has(t)));
    if (made.length === 0) throw this.unavailable(chosen);
    return made;
  }

  /** One form's file, for its owner or an admin; a form the carrier did not confirm has none, and says why. */
  async formFile(caller: Caller, formId: string): Promise<FormFile | null> {
    const form = await this.forms.find(formId);
    if (!form || !ownsOrAdmin(caller, form.userId)) return null;
    this.throwUnconfirmed([form]);
    if (form.state !== 'created' || !form.fileId) return null;
    return { fileId: form.fileId };
  }

  private nameOf(carrier: CarrierId): string {
    return this.registry.get(carrier)?.profile.displayName ?? carrier;
  }

  /** Nothing to download while forms the carrier may have made stand unconfirmed: the seller is told which labels. */
  private throwUnconfirmed(forms: readonly ScanFormRecord[]): void {
    const unconfirmed = forms.filter((f) => f.state === 'unconfirmed');
    if (unconfirmed.length > 0) throw unconfirmedFormsError((form) => this.nameOf(form.carrier), unconfirmed);
  }

  private unavailable(candidates: readonly FormCandidate[]): DomainError {
    const carriers = [...new Set(candidates.map((c) => c.carrier))];
    const without = carriers.filter((id) => !this.registry.get(id)?.scanForm);
    if (without.length > 0 && without.length === carriers.length) {
      return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `The carrier of these labels (${without.join(', ')}) does not make SCAN forms.`);
    }
    return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, NO_LABELS);
  }

  private async makeForms(candidates: readonly FormCandidate[], scope: FormScope): Promise<void> {
    const planned = planScanForms(candidates).filter((p) => this.registry.get(p.carrier)?.scanForm);
    for (const form of planned) await this.makeForm(form, scope);
  }

  /**
   * Claims the labels, asks the carrier, keeps the file. A refusal, or an answer that the carrier provably was not
   * asked, gives the labels back; anything else after the request may have left keeps them (unconfirmed).
   */
  private async makeForm(planned: PlannedForm, scope: FormScope): Promise<void> {
    const carrier = this.registry.get(planned.carrier);
    if (!carrier?.scanForm) return;
    const id = randomUUID();
    // A racing request claimed some of these labels first: its form answers for them.
    if (!(await this.forms.claim({ id, userId: scope.userId, bulkOrderId: scope.bulkOrderId, mailingDate: scope.mailingDate, planned }))) return;
    const request: ScanFormRequest = { formId: id, mailingDate: scope.mailingDate, from: planned.sender, labels: planned.labels.map((l) => ({ trackingNumber: l.trackingNumber, carrierRefs: l.carrierRefs })) };
    let outcome: ScanFormOutcome;
    try {
      outcome = await carrier.scanForm(request);
    } catch (error) {
      // Carriers answer with an outcome (the registry's guard turns throws into one); a throw here is a fault of ours
      // after which nothing says whether the request left.
      this.logger.error(`SCAN form ${id}: asking ${planned.carrier} threw`, error instanceof Error ? error.stack : String(error));
      outcome = { kind: 'unconfirmed', message: `${carrier.profile.displayName} did not confirm the SCAN form`, barcode: null, carrierRefs: {} };
    }
    if (outcome.kind === 'refused' || outcome.kind === 'unknown') {
      await this.forms.release(id);
      const message = outcome.kind === 'refused' ? `The carrier refused the SCAN form: ${outcome.message}` : `The carrier did not answer; ask for the SCAN form again in a few minutes. (${outcome.message})`;
      throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, message);
    }
    if (outcome.kind === 'created') {
      const kept = await this.keepFile(id, scope, outcome);
      if (kept === null) return;
      outcome = kept;
    }
    await this.keepUnconfirmed(id, planned, outcome);
  }

  /**
   * Stores a made form's file; null once kept. A file that cannot be stored leaves a form that exists at the carrier
   * without one here: it is kept as unconfirmed (never asked again), with its number.
   */
  private async keepFile(id: string, scope: FormScope, made: Extract<ScanFormOutcome, { kind: 'created' }>): Promise<Extract<ScanFormOutcome, { kind: 'unconfirmed' }> | null> {
    try {
      const file = await this.files.saveStream(scope.userId, `SCAN_Form_${scope.mailingDate}_${made.barcode}.pdf`, 'application/pdf', once(made.file));
      await this.forms.complete(id, made.barcode, made.carrierRefs, file.id);
      return null;
    } catch (error) {
      this.logger.error(`SCAN form ${id} (${made.barcode}) was made, but its file could not be kept`, error instanceof Error ? error.stack : String(error));
      return { kind: 'unconfirmed', message: `The carrier made SCAN form ${made.barcode}, but its file could not be kept`, barcode: made.barcode, carrierRefs: made.carrierRefs };
    }
  }

  /** Records a form the carrier may have made, alerts the operator and tells the seller; its labels stay claimed. */
  private async keepUnconfirmed(id: string, planned: PlannedForm, answer: Extract<ScanFormOutcome, { kind: 'unconfirmed' }>): Promise<never> {
    const trackingNumbers = planned.labels.map((l) => l.trackingNumber);
    this.logger.error(`SCAN form ${id} at ${planned.carrier} is unconfirmed (${trackingNumbers.length} labels kept as on it): ${answer.message}`);
    this.alerts?.unconfirmedScanForm(planned.carrier, unconfirmedScanFormText({ id, barcode: answer.barcode, trackingNumbers }, answer.message));
    // Should this write fail, the claim stays `pending`: the labels are still kept off any other form.
    await this.forms.unconfirm(id, answer);
    throw unconfirmedFormsError((form) => this.nameOf(form.carrier), [{ carrier: planned.carrier, barcode: answer.barcode, trackingNumbers }]);
  }

  /** One form's file, or the forms merged into one PDF (built once, kept on the newest form). */
  private async bundle(ownerId: string, made: readonly ScanFormRecord[], name: string): Promise<string> {
    const newest = made.at(-1) as ScanFormRecord;
    if (made.length === 1 && newest.fileId) return newest.fileId;
    const built = await this.forms.bundleOf(newest.id);
    if (built) return built;
    const files = made.map((f) => f.fileId).filter((id): id is string => id !== null);
    const read = (fileId: string) => this.readWhole(fileId);
    async function* sources(): AsyncGenerator<Uint8Array> {
      for (const fileId of files) yield await read(fileId);
    }
    // Every page as it came (`4x6` places pages unchanged): the forms are Letter pages already.
    const merged = await this.files.saveStream(ownerId, `${name}_${made.length}_forms.pdf`, 'application/pdf', mergedLabelPdfChunks(sources(), { layout: '4x6' }));
    const kept = await this.forms.keepBundle(newest.id, merged.id);
    // A racing request kept its own merged file first: that one is answered, this one goes.
    if (kept !== merged.id) await this.files.remove([merged.id]);
    return kept;
  }

  private async readWhole(fileId: string): Promise<Buffer> {
    const info = await this.files.findInfo(fileId);
    if (!info) throw new Error(`SCAN form file ${fileId} is missing`);
    return (await this.files.readChunk(fileId, 0, info.sizeBytes)) ?? Buffer.alloc(0);
  }
}
