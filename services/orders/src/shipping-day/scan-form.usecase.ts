import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { callerHasScope, DomainError, ErrorCode, FINAL_BULK_STATUSES, type Caller } from '@labeldesk/contracts';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { BulkOrdersRepository, mergedLabelPdfChunks } from '../bulk';
import { CARRIER_REGISTRY, CarrierAlerts, type CarrierId, type CarrierRegistry, type ScanFormOutcome, type ScanFormRequest, unconfirmedScanFormText } from '../carriers';
import { centralDayOf, centralInstant } from '../common';
import { FileRepository, fileInScope } from '../files';
import { chosenOffForms, noFormNeeded, noFormNeededText } from './no-form-couriers';
import { exclusionOf, planScanForms, type FormCandidate, type PlannedForm } from './scan-form-plan';
import { listed, unconfirmedFormsError, unconfirmedNotice } from './scan-form-unconfirmed';
import { ScanFormsRepository, type DayCandidate, type ScanFormRecord } from './scan-forms.repository';

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

const NO_LABELS = 'No label can go on a SCAN form: every label is voided or already on a form.';
/** The scope refusal's own words (caller.policy.ts), for the one scope that making a form needs beyond reading. */
const MAKING_NEEDS_BUY = 'This API key lacks the scope labels:buy';

/** A file to download, as the files controller answers it, and what the seller must know beside it. */
export interface FormFile {
  fileId: string;
  /** Forms the carrier has not confirmed beside those in the file: which labels, and not to put them on another. */
  notice?: string;
}

/**
 * How long a form may stay `pending` before it is taken as abandoned: the request that claimed it stopped (a crash or
 * a restart while asking the carrier) and nothing will finish it. The slowest path of a live request is EasyPost's
 * at the longest CARRIER_TIMEOUT_MS (120 s): a create, five reads while the form is `creating` and the file's
 * download, about 15 minutes; an hour is four times that, so no form still being asked is ever taken, and the seller
 * still learns of it on the mailing day.
 */
export const ABANDONED_AFTER_MS = 60 * 60_000;
const ABANDONED_ANSWER = 'No answer was recorded: the request for this SCAN form stopped (a crash or a restart) after it may have asked the carrier';

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
const isUnconfirmed = (form: ScanFormRecord): boolean => form.state === 'unconfirmed';

/**
 * SCAN forms (USPS PS Form 5630, docs/decisions/046): for a batch, or for a customer's single labels of today. Only
 * USPS labels go on them (SCAN_FORM_COURIER); a day or batch of other couriers' labels only is told they need none. The
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
    private readonly bulk: BulkOrdersRepository,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Optional() private readonly alerts?: CarrierAlerts,
  ) {}

  /** The batch's SCAN form file (its forms as one PDF), made on the first ask; null while the batch still runs. */
  async forBatch(caller: Caller, bulkOrderId: string, now = new Date()): Promise<FormFile | null> {
    const scope = ownerScopeOf(caller);
    const batch = fileInScope(await this.bulk.findOwned(bulkOrderId, scope), scope);
    if (!FINAL_BULK_STATUSES.includes(batch.status)) return null;
    const candidates = await this.forms.batchCandidates(bulkOrderId, batch.sort_by_sku);
    // Making a form manifests its labels (a void becomes a refund request): a key that may only read downloads the
    // forms made already and makes none.
    const mayMake = callerHasScope(caller, 'labels:buy');
    await this.settleAbandoned(batch.user_id, now);
    if (mayMake) await this.makeForms(candidates, { userId: batch.user_id, bulkOrderId, mailingDate: mailingDayOf(now).mailingDate });
    const forms = await this.forms.ofBatch(bulkOrderId);
    const made = forms.filter(isCreated);
    if (made.length === 0) this.throwUnconfirmed(forms);
    if (made.length === 0 && !mayMake && candidates.length > 0) throw new DomainError(ErrorCode.AUTH_SCOPE_MISSING, MAKING_NEEDS_BUY);
    const others = made.length === 0 && candidates.length === 0 ? await this.forms.batchLabelsOfOtherCouriers(bulkOrderId) : [];
    if (others.length > 0) throw noFormNeeded('This batch has no USPS label.', others);
    if (made.length === 0) throw this.unavailable(candidates);
    const fileId = await this.bundle(batch.user_id, made, `SCAN_Form_${bulkOrderId.slice(0, 8)}`);
    const unconfirmed = forms.filter(isUnconfirmed);
    return unconfirmed.length === 0 ? { fileId } : { fileId, notice: unconfirmedNotice((form) => this.nameOf(form.carrier), unconfirmed) };
  }

  /**
   * Today's forms of a customer's single labels (one per sender address), made for labels on none yet: the made ones
   * and, beside them, those the carrier has not confirmed.
   */
  async forToday(userId: string, now = new Date()): Promise<ScanFormRecord[]> {
    const { mailingDate, labels: candidates } = await this.todayLabels(userId, now);
    await this.makeForms(candidates, { userId, bulkOrderId: null, mailingDate });
    const answered = this.withFiles(await this.forms.ofDay(userId, mailingDate));
    if (answered.length > 0) return answered;
    if (candidates.length > 0) throw this.unavailable(candidates);
    const day = mailingDayOf(now);
    const others = await this.forms.singleLabelsOfOtherCouriers(userId, day.from, day.to);
    if (others.length > 0) throw noFormNeeded('No USPS label was bought today.', others);
    throw new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, 'No single label was bought today, so there is nothing for a SCAN form.');
  }

  /**
   * Today's single labels (oldest first), each with whether it may go on a new form. Every read is of `userId`'s rows,
   * and the contracts that reach here let only that user or an admin name it (`selfOrAdmin: 'userId'`).
   */
  /** Today's labels of other couriers, which no form takes, in words; null when there are none. */
  async todayWithoutForm(userId: string, now = new Date()): Promise<string | null> {
    const day = mailingDayOf(now);
    const others = await this.forms.singleLabelsOfOtherCouriers(userId, day.from, day.to);
    return others.length > 0 ? noFormNeededText(others) : null;
  }

  async todayLabels(userId: string, now = new Date()): Promise<{ mailingDate: string; labels: DayCandidate[] }> {
    await this.settleAbandoned(userId, now);
    const day = mailingDayOf(now);
    return { mailingDate: day.mailingDate, labels: await this.forms.singleCandidates(userId, day.from, day.to) };
  }

  /**
   * Forms for the labels chosen among today's (by order id), one per sender address: every one chosen must be today's,
   * not voided and on no form, or nothing is made and the refusal names them. Answers the forms holding them.
   */
  async forChosen(userId: string, orderIds: readonly string[], now = new Date()): Promise<ScanFormRecord[]> {
    const { mailingDate, labels } = await this.todayLabels(userId, now);
    const byId = new Map(labels.map((label) => [label.labelId, label]));
    const unknown = orderIds.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      const day = mailingDayOf(now);
      throw chosenOffForms(unknown, await this.forms.singleLabelsOfOtherCouriers(userId, day.from, day.to));
    }
    const chosen = orderIds.map((id) => byId.get(id) as DayCandidate);
    const excluded = chosen.filter((label) => exclusionOf(label) !== null);
    if (excluded.length > 0) {
      const why = excluded.map((label) => `${label.trackingNumber} (${this.exclusionText(label)})`);
      throw new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `These labels cannot go on a SCAN form: ${listed(why)}.`);
    }
    await this.makeForms(chosen, { userId, bulkOrderId: null, mailingDate });
    const tracking = new Set(chosen.map((label) => label.trackingNumber));
    const answered = this.withFiles((await this.forms.ofDay(userId, mailingDate)).filter((f) => f.trackingNumbers.some((t) => tracking.has(t))));
    if (answered.length === 0) throw this.unavailable(chosen);
    return answered;
  }

  private exclusionText(label: DayCandidate): string {
    switch (exclusionOf(label)) {
      case 'voided':
        return 'voided';
      case 'on_unconfirmed_form':
        return `on a SCAN form ${this.nameOf(label.carrier)} has not confirmed`;
      default:
        return 'already on a form';
    }
  }

  /** One form's file, for its owner or an admin; a form the carrier did not confirm has none, and says why. */
  async formFile(caller: Caller, formId: string, now = new Date()): Promise<FormFile | null> {
    let form = await this.forms.findOwned(formId, ownerScopeOf(caller));
    if (!form) return null;
    if (form.state === 'pending') {
      await this.settleAbandoned(form.userId, now);
      form = (await this.forms.find(formId)) ?? form;
    }
    this.throwUnconfirmed([form]);
    if (form.state !== 'created' || !form.fileId) return null;
    return { fileId: form.fileId };
  }

  private nameOf(carrier: CarrierId): string {
    return this.registry.get(carrier)?.profile.displayName ?? carrier;
  }

  /** Nothing to download while forms the carrier may have made stand unconfirmed: the seller is told which labels. */
  private throwUnconfirmed(forms: readonly ScanFormRecord[]): void {
    const unconfirmed = forms.filter(isUnconfirmed);
    if (unconfirmed.length > 0) throw unconfirmedFormsError((form) => this.nameOf(form.carrier), unconfirmed);
  }

  /**
   * The forms a seller is answered: every made one and, beside them, those the carrier has not confirmed (to say they
   * exist); with none made, the unconfirmed ones' words (a 422) or nothing. A form still being asked is not shown.
   */
  private withFiles(forms: readonly ScanFormRecord[]): ScanFormRecord[] {
    if (!forms.some(isCreated)) this.throwUnconfirmed(forms);
    return forms.filter((form) => isCreated(form) || isUnconfirmed(form));
  }

  /**
   * A customer's forms left pending past ABANDONED_AFTER_MS become unconfirmed, each alerted once: else their labels
   * would stay claimed forever with nobody told, while the carrier may have manifested them.
   */
  private async settleAbandoned(userId: string, now: Date): Promise<void> {
    const abandoned = await this.forms.unconfirmAbandoned(userId, new Date(now.getTime() - ABANDONED_AFTER_MS), ABANDONED_ANSWER);
    for (const form of abandoned) {
      this.logger.error(`SCAN form ${form.id} at ${form.carrier} was left pending since ${form.createdAt.toISOString()}: kept as unconfirmed (${form.trackingNumbers.length} labels)`);
      this.alerts?.unconfirmedScanForm(form.carrier, unconfirmedScanFormText(form, ABANDONED_ANSWER));
    }
  }

  private unavailable(candidates: readonly FormCandidate[]): DomainError {
    const carriers = [...new Set(candidates.map((c) => c.carrier))];
    const without = carriers.filter((id) => !this.registry.get(id)?.scanForm);
    if (without.length > 0 && without.length === carriers.length) {
      return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, `The carrier of these labels (${without.join(', ')}) does not make SCAN forms.`);
    }
    return new DomainError(ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, NO_LABELS);
  }

  /** Makes the planned forms in turn; after one the carrier may have made unreadably, the carrier is asked no more. */
  private async makeForms(candidates: readonly FormCandidate[], scope: FormScope): Promise<void> {
    const planned = planScanForms(candidates).filter((p) => this.registry.get(p.carrier)?.scanForm);
    for (const form of planned) {
      if ((await this.makeForm(form, scope)) === 'unconfirmed') return;
    }
  }

  /**
   * Claims the labels, asks the carrier, keeps the file. A refusal, or an answer that the carrier provably was not
   * asked, gives the labels back; anything else after the request may have left keeps them (unconfirmed).
   */
  private async makeForm(planned: PlannedForm, scope: FormScope): Promise<'made' | 'unconfirmed' | 'none'> {
    const carrier = this.registry.get(planned.carrier);
    if (!carrier?.scanForm) return 'none';
    const id = randomUUID();
    // A racing request claimed some of these labels first: its form answers for them.
    if (!(await this.forms.claim({ id, userId: scope.userId, bulkOrderId: scope.bulkOrderId, mailingDate: scope.mailingDate, planned }))) return 'none';
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
      if (kept === null) return 'made';
      outcome = kept;
    }
    await this.keepUnconfirmed(id, planned, outcome);
    return 'unconfirmed';
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

  /** Records a form the carrier may have made and alerts the operator; its labels stay claimed. */
  private async keepUnconfirmed(id: string, planned: PlannedForm, answer: Extract<ScanFormOutcome, { kind: 'unconfirmed' }>): Promise<void> {
    const trackingNumbers = planned.labels.map((l) => l.trackingNumber);
    this.logger.error(`SCAN form ${id} at ${planned.carrier} is unconfirmed (${trackingNumbers.length} labels kept as on it): ${answer.message}`);
    this.alerts?.unconfirmedScanForm(planned.carrier, unconfirmedScanFormText({ id, barcode: answer.barcode, trackingNumbers }, answer.message));
    // Should this write fail, the claim stays `pending`: the labels are still kept off any other form, and the form
    // is taken as abandoned after ABANDONED_AFTER_MS.
    await this.forms.unconfirm(id, answer);
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
