import { SCAN_FORM_COURIER } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { CarrierRefs } from '../../carriers';
import type { OtherCourierLabel } from '../no-form-couriers';
import type { PlannedForm } from '../scan-form-plan';
import type { DayCandidate, ScanFormRecord, ScanFormsRepository } from '../scan-forms.repository';

/** A label the store knows: whose, of which batch (or none), and what a form candidate reads of it. */
export interface StoredLabel {
  userId: string;
  bulkOrderId: string | null;
  label: Omit<DayCandidate, 'scanFormId' | 'scanFormState'>;
  /** Its courier (the order's): USPS when not said. */
  courier?: string;
}

const isFormCourier = (stored: StoredLabel): boolean => (stored.courier ?? SCAN_FORM_COURIER) === SCAN_FORM_COURIER;
const otherCourierLabel = (stored: StoredLabel): OtherCourierLabel => ({ labelId: stored.label.labelId, trackingNumber: stored.label.trackingNumber, courier: stored.courier ?? '' });

type StoredForm = ScanFormRecord & { carrierRefs: CarrierRefs; carrierAnswer: string | null; updatedAt: Date; bundleFileId: string | null };

/**
 * SCAN forms kept in memory with the conditions of their SQL: a label is claimed by one form at most (a claim that
 * meets a claimed label keeps nothing), a release drops only a `pending` form and its claims, a form is made
 * unconfirmed only from `pending`, and an unconfirmed form keeps its labels claimed.
 */
export class MemoryScanForms
  implements
    Pick<
      ScanFormsRepository,
      'singleCandidates' | 'batchCandidates' | 'singleLabelsOfOtherCouriers' | 'batchLabelsOfOtherCouriers' | 'claim' | 'complete' | 'unconfirm' | 'unconfirmAbandoned' | 'release' | 'find' | 'findOwned' | 'ofBatch' | 'ofDay' | 'bundleOf' | 'keepBundle'>
{
  readonly labels: StoredLabel[] = [];
  /** The database's clock, as a claim stamps `created_at`; a test sets it back to leave a claim old. */
  clock: () => Date = () => new Date();
  private readonly forms = new Map<string, StoredForm>();
  /** `kind:labelId` → the form holding it. */
  private readonly claims = new Map<string, string>();

  private candidate(stored: StoredLabel): DayCandidate {
    const scanFormId = this.claims.get(`${stored.label.kind}:${stored.label.labelId}`) ?? null;
    return { ...stored.label, scanFormId, scanFormState: scanFormId === null ? null : (this.forms.get(scanFormId)?.state ?? null) };
  }

  private boughtIn(userId: string, from: Date, to: Date): StoredLabel[] {
    return this.labels.filter((s) => s.userId === userId && s.label.kind === 'single' && s.label.purchasedAt >= from && s.label.purchasedAt < to);
  }

  async singleCandidates(userId: string, from: Date, to: Date): Promise<DayCandidate[]> {
    return this.boughtIn(userId, from, to).filter(isFormCourier).map((s) => this.candidate(s));
  }

  async batchCandidates(bulkOrderId: string): Promise<DayCandidate[]> {
    return this.labels.filter((s) => s.bulkOrderId === bulkOrderId && isFormCourier(s)).map((s) => this.candidate(s));
  }

  async singleLabelsOfOtherCouriers(userId: string, from: Date, to: Date): Promise<OtherCourierLabel[]> {
    return this.boughtIn(userId, from, to).filter((s) => !isFormCourier(s)).map(otherCourierLabel);
  }

  async batchLabelsOfOtherCouriers(bulkOrderId: string): Promise<OtherCourierLabel[]> {
    return this.labels.filter((s) => s.bulkOrderId === bulkOrderId && !isFormCourier(s)).map(otherCourierLabel);
  }

  async claim(form: { id: string; userId: string; bulkOrderId: string | null; mailingDate: string; planned: PlannedForm }): Promise<boolean> {
    const keys = form.planned.labels.map((l) => `${l.kind}:${l.labelId}`);
    if (keys.some((key) => this.claims.has(key))) return false;
    const now = this.clock();
    this.forms.set(form.id, {
      id: form.id,
      userId: form.userId,
      carrier: form.planned.carrier,
      bulkOrderId: form.bulkOrderId,
      sender: form.planned.sender,
      mailingDate: form.mailingDate,
      trackingNumbers: form.planned.labels.map((l) => l.trackingNumber),
      state: 'pending',
      barcode: null,
      fileId: null,
      createdAt: now,
      carrierRefs: {},
      carrierAnswer: null,
      updatedAt: now,
      bundleFileId: null,
    });
    for (const key of keys) this.claims.set(key, form.id);
    return true;
  }

  async complete(formId: string, barcode: string, carrierRefs: CarrierRefs, fileId: string): Promise<void> {
    const form = this.forms.get(formId);
    if (form) Object.assign(form, { state: 'created', barcode, carrierRefs, fileId, updatedAt: new Date() });
  }

  async unconfirm(formId: string, answer: { barcode: string | null; carrierRefs: CarrierRefs; message: string }): Promise<void> {
    const form = this.forms.get(formId);
    if (form?.state === 'pending') Object.assign(form, { state: 'unconfirmed', barcode: answer.barcode, carrierRefs: answer.carrierRefs, carrierAnswer: answer.message, updatedAt: new Date() });
  }

  async unconfirmAbandoned(userId: string, claimedBefore: Date, message: string): Promise<ScanFormRecord[]> {
    const abandoned = this.all().filter((f) => f.userId === userId && f.state === 'pending' && f.createdAt < claimedBefore);
    for (const form of abandoned) Object.assign(form, { state: 'unconfirmed', carrierAnswer: message, updatedAt: new Date() });
    return abandoned.map((form) => ({ ...form }));
  }

  async release(formId: string): Promise<void> {
    if (this.forms.get(formId)?.state !== 'pending') return;
    this.forms.delete(formId);
    for (const [key, id] of this.claims) if (id === formId) this.claims.delete(key);
  }

  /** A form as stored, with what the carrier answered (for a test to read). */
  stored(formId: string): StoredForm | undefined {
    return this.forms.get(formId);
  }

  all(): StoredForm[] {
    return [...this.forms.values()];
  }

  async find(formId: string): Promise<ScanFormRecord | null> {
    return this.forms.get(formId) ?? null;
  }

  async findOwned(formId: string, scope: OwnerScope): Promise<ScanFormRecord | null> {
    const owner = ownerFilterOf(scope).userId;
    const form = this.forms.get(formId);
    return form && (owner === undefined || form.userId === owner) ? form : null;
  }

  async ofBatch(bulkOrderId: string): Promise<ScanFormRecord[]> {
    return this.all().filter((f) => f.bulkOrderId === bulkOrderId);
  }

  async ofDay(userId: string, mailingDate: string): Promise<ScanFormRecord[]> {
    return this.all().filter((f) => f.userId === userId && f.bulkOrderId === null && f.mailingDate === mailingDate);
  }

  async bundleOf(formId: string): Promise<string | null> {
    return this.forms.get(formId)?.bundleFileId ?? null;
  }

  async keepBundle(formId: string, fileId: string): Promise<string> {
    const form = this.forms.get(formId);
    if (!form) return fileId;
    form.bundleFileId ??= fileId;
    return form.bundleFileId;
  }
}
