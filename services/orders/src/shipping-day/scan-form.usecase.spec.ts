import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import type { BulkOrdersRepository } from '../bulk';
import { CarrierAlerts, type CarrierAlertsRepository, CarrierRegistry, type LabelAddress, type ScanFormOutcome } from '../carriers';
import { ScriptedCarrier } from '../carriers/testing/scripted-carrier';
import type { FileRepository } from '../files';
import { planScanForms } from './scan-form-plan';
import { ABANDONED_AFTER_MS, ScanFormUseCase } from './scan-form.usecase';
import type { ScanFormsRepository } from './scan-forms.repository';
import { MemoryScanForms } from './testing/memory-scan-forms';

const NOW = new Date('2026-11-27T18:00:00Z');
const DAY = '2026-11-27';
const SENDER: LabelAddress = { name: 'Acme Widgets', company: null, phone: null, street1: '12 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const FORM_NUMBER = '9475711201080329405718';

/** Files kept in memory; `failing` makes the next save throw, as a database gone away would. */
class MemoryFiles {
  readonly saved: Array<{ id: string; name: string; bytes: Buffer }> = [];
  failing = false;

  async saveStream(_ownerId: string, name: string, _contentType: string, source: AsyncIterable<Buffer | Uint8Array | string>): Promise<{ id: string }> {
    if (this.failing) throw new Error('connection terminated');
    const parts: Buffer[] = [];
    for await (const part of source) parts.push(Buffer.from(part));
    const file = { id: randomUUID(), name, bytes: Buffer.concat(parts) };
    this.saved.push(file);
    return { id: file.id };
  }
}

const unreadable: ScanFormOutcome = { kind: 'unconfirmed', message: 'USPS answered 200 with a SCAN form we could not read', barcode: FORM_NUMBER, carrierRefs: { scanFormNumber: FORM_NUMBER } };
const made: ScanFormOutcome = { kind: 'created', file: Buffer.from('%PDF-1.7 form'), barcode: FORM_NUMBER, carrierRefs: { scanFormNumber: FORM_NUMBER } };

describe('ScanFormUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  let userId: string;
  let caller: Caller;
  let usps: ScriptedCarrier;
  let forms: MemoryScanForms;
  let files: MemoryFiles;
  let raised: jest.Mock;
  let bulk: { findOwned: jest.Mock };
  let useCase: ScanFormUseCase;

  beforeEach(() => {
    userId = randomUUID();
    caller = { userId, role: 'user' };
    usps = new ScriptedCarrier('usps');
    usps.profile.displayName = 'USPS';
    forms = new MemoryScanForms();
    files = new MemoryFiles();
    raised = jest.fn(async () => undefined);
    bulk = { findOwned: jest.fn(async () => null) };
    const alerts = new CarrierAlerts({ raise: raised, clear: jest.fn() } as unknown as CarrierAlertsRepository);
    useCase = new ScanFormUseCase(forms as unknown as ScanFormsRepository, files as unknown as FileRepository, bulk as unknown as BulkOrdersRepository, new CarrierRegistry([usps]), alerts);
  });

  let serial = 0;
  /** A USPS label of today, single or of a batch. */
  const boughtLabel = (bulkOrderId: string | null = null, sender: LabelAddress = SENDER) => {
    serial++;
    const label = {
      kind: bulkOrderId ? ('bulk' as const) : ('single' as const),
      labelId: randomUUID(),
      trackingNumber: `9205590164917312${String(serial).padStart(6, '0')}`,
      carrier: 'usps' as const,
      carrierRefs: { sku: `DPXX0XXXXX0${serial}` },
      sender,
      voidState: null,
      receiverName: `Rita ${serial}`,
      purchasedAt: new Date('2026-11-27T16:00:00Z'),
    };
    forms.labels.push({ userId, bulkOrderId, label });
    return label;
  };

  const failure = async (work: Promise<unknown>): Promise<DomainError> => {
    const error: unknown = await work.then(() => null, (e: unknown) => e);
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return error;
  };

  const sellerText = (trackingNumbers: readonly string[], number: string | null = FORM_NUMBER) =>
    `USPS may have made a SCAN form${number ? ` (number ${number})` : ''} for ${trackingNumbers.length} label${trackingNumbers.length === 1 ? '' : 's'} (${trackingNumbers.join(', ')}), but its answer could not be read. ` +
    'Its labels are kept as on a form and an operator has been alerted: do not hand them over on another form.';

  describe('a form the carrier may have made without our reading it (unconfirmed)', () => {
    it('keeps its labels claimed on a form of its own state, with the number the carrier named, and tells the seller not to put them on another form', async () => {
      const labels = [boughtLabel(), boughtLabel()];
      usps.onScanForm(unreadable);

      const error = await failure(useCase.forToday(userId, NOW));

      expect(error).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText(labels.map((l) => l.trackingNumber)) });
      const [form] = forms.all();
      expect(form).toMatchObject({ state: 'unconfirmed', barcode: FORM_NUMBER, fileId: null, carrierRefs: { scanFormNumber: FORM_NUMBER }, carrierAnswer: unreadable.message });
      const candidates = await forms.singleCandidates(userId, new Date('2026-11-27T06:00:00Z'), new Date('2026-11-28T06:00:00Z'));
      expect(candidates.map((c) => c.scanFormId)).toEqual([form?.id, form?.id]);
    });

    it('never asks the carrier again for those labels: later requests answer the same words, and a choice of them is refused saying why', async () => {
      const labels = [boughtLabel(), boughtLabel()];
      const tracking = labels.map((l) => l.trackingNumber);
      usps.onScanForm(unreadable);
      await failure(useCase.forToday(userId, NOW));

      expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText(tracking) });
      expect(await failure(useCase.forChosen(userId, [labels[0]!.labelId], NOW))).toMatchObject({
        code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE,
        message: `These labels cannot go on a SCAN form: ${tracking[0]} (on a SCAN form USPS has not confirmed).`,
      });
      expect(usps.scanFormCalls).toHaveLength(1);
    });

    // The lifecycle reads an unconfirmed form's labels as manifested (label-manifests.repository.ts), so a void after
    // it is a refund request as after a made form: the form must keep them.
    it('keeps its labels on the unconfirmed form', async () => {
      const label = boughtLabel();
      usps.onScanForm({ ...unreadable, barcode: null, carrierRefs: {} });
      await failure(useCase.forToday(userId, NOW));

      expect(forms.all()).toEqual([expect.objectContaining({ state: 'unconfirmed', trackingNumbers: [label.trackingNumber] })]);
    });

    it('alerts the operator, naming the form, its labels and what the carrier said', async () => {
      const label = boughtLabel();
      usps.onScanForm(unreadable);
      await failure(useCase.forToday(userId, NOW));
      const [form] = forms.all();

      expect(raised.mock.calls).toEqual([['usps', 'unreadable_answer', `SCAN form ${FORM_NUMBER} (our form ${form?.id}) of 1 label (${label.trackingNumber}): ${unreadable.message}`]]);
    });

    it('answers its download with the same words and no file', async () => {
      const label = boughtLabel();
      usps.onScanForm({ ...unreadable, barcode: null });
      await failure(useCase.forToday(userId, NOW));
      const [form] = forms.all();

      expect(await failure(useCase.formFile(caller, form!.id))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber], null) });
      expect(await useCase.formFile({ userId: randomUUID(), role: 'user' }, form!.id)).toBeNull();
    });

    it("answers a batch's download with the same words, and never asks the carrier again", async () => {
      const batchId = randomUUID();
      bulk.findOwned.mockResolvedValue({ id: batchId, user_id: userId, status: 'completed', sort_by_sku: false });
      const label = boughtLabel(batchId);
      usps.onScanForm(unreadable);

      for (let ask = 0; ask < 2; ask++) {
        expect(await failure(useCase.forBatch(caller, batchId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber]) });
      }
      expect(usps.scanFormCalls).toHaveLength(1);
    });
  });

  // Fails on a90fc8c: a throw released the claim, so the next request asked the carrier for a second form.
  it('keeps the labels claimed, as unconfirmed, when asking the carrier throws after the request may have left', async () => {
    const label = boughtLabel();
    usps.onScanForm(() => {
      throw new Error('socket hang up');
    });

    expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber], null) });
    expect(forms.all().map((f) => f.state)).toEqual(['unconfirmed']);
    await failure(useCase.forToday(userId, NOW));
    expect(usps.scanFormCalls).toHaveLength(1);
  });

  // Fails on a90fc8c: the claim was released although the carrier had made the form, so its labels read as on none.
  it('keeps a form the carrier made, as unconfirmed with its number, when its file cannot be stored', async () => {
    const label = boughtLabel();
    usps.onScanForm(made);
    files.failing = true;

    expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber]) });
    expect(forms.all()).toEqual([expect.objectContaining({ state: 'unconfirmed', barcode: FORM_NUMBER, carrierAnswer: `The carrier made SCAN form ${FORM_NUMBER}, but its file could not be kept` })]);
    expect(raised).toHaveBeenCalledWith('usps', 'unreadable_answer', expect.stringContaining(FORM_NUMBER));
  });

  it('gives the labels back, and alerts nobody, when the carrier provably was not asked', async () => {
    boughtLabel();
    usps.onScanForm({ kind: 'unknown', message: 'USPS is not answering; ask for the SCAN form again in a few minutes' }, made);

    expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED });
    expect(forms.all()).toEqual([]);
    const [form] = await useCase.forToday(userId, NOW);
    expect(form).toMatchObject({ state: 'created', barcode: FORM_NUMBER });
    expect(raised).not.toHaveBeenCalled();
  });

  it('answers the forms made when the carrier confirms them, on the day asked', async () => {
    const label = boughtLabel();
    usps.onScanForm(made);

    const answered = await useCase.forToday(userId, NOW);

    expect(answered).toEqual([expect.objectContaining({ state: 'created', mailingDate: DAY, trackingNumbers: [label.trackingNumber], fileId: files.saved[0]?.id })]);
    expect(files.saved.map((f) => f.name)).toEqual([`SCAN_Form_${DAY}_${FORM_NUMBER}.pdf`]);
  });

  describe('a day or batch with made forms and one its carrier has not confirmed', () => {
    const warehouse: LabelAddress = { ...SENDER, street1: '900 Dock Rd', zip: '43219' };
    const depot: LabelAddress = { ...SENDER, street1: '5 Depot Ln', zip: '43220' };

    // Fails on the code before: the unreadable second form threw a 422, and the form made just before it went unanswered.
    it('answers the made form with its file and the unconfirmed one beside it, and asks the carrier for no form after the unreadable one', async () => {
      const [home, dock, third] = [boughtLabel(), boughtLabel(null, warehouse), boughtLabel(null, depot)];
      usps.onScanForm(made, unreadable);

      const answered = await useCase.forToday(userId, NOW);

      expect(answered.map((f) => [f.state, f.trackingNumbers, f.fileId !== null])).toEqual([
        ['created', [home.trackingNumber], true],
        ['unconfirmed', [dock.trackingNumber], false],
      ]);
      expect(usps.scanFormCalls).toHaveLength(2);
      const { labels } = await useCase.todayLabels(userId, NOW);
      expect(labels.find((l) => l.labelId === third.labelId)?.scanFormId).toBeNull();
    });

    it('answers the labels chosen with the forms holding them, the unconfirmed one included', async () => {
      const [home, dock] = [boughtLabel(), boughtLabel(null, warehouse)];
      usps.onScanForm(made, unreadable);

      const answered = await useCase.forChosen(userId, [home.labelId, dock.labelId], NOW);

      expect(answered.map((f) => f.state)).toEqual(['created', 'unconfirmed']);
    });

    // Fails on the code before: the batch's download answered a 422 although one of its forms was made.
    it("answers a batch's made forms as its file, and says which labels are on the form the carrier has not confirmed", async () => {
      const batchId = randomUUID();
      bulk.findOwned.mockResolvedValue({ id: batchId, user_id: userId, status: 'completed', sort_by_sku: false });
      boughtLabel(batchId);
      const dock = boughtLabel(batchId, warehouse);
      usps.onScanForm(made, unreadable);

      const file = await useCase.forBatch(caller, batchId, NOW);

      expect(file).toEqual({
        fileId: files.saved[0]?.id,
        notice:
          `This file holds only the SCAN forms USPS made. USPS has not confirmed one more SCAN form, for 1 label (${dock.trackingNumber}); ` +
          'an operator is checking it. Do not hand these labels over on another form.',
      });
      expect(await useCase.forBatch(caller, batchId, NOW)).toEqual(file);
      expect(usps.scanFormCalls).toHaveLength(2);
    });
  });

  describe('a form left pending by a request that stopped after it may have asked the carrier', () => {
    const abandonedText = 'No answer was recorded: the request for this SCAN form stopped (a crash or a restart) after it may have asked the carrier';

    /** Claims today's labels on a pending form stamped `age` before NOW, as a request that then died would leave it. */
    const leftPending = async (age: number): Promise<string> => {
      forms.clock = () => new Date(NOW.getTime() - age);
      const [planned] = planScanForms(await forms.singleCandidates(userId, new Date('2026-11-27T06:00:00Z'), new Date('2026-11-28T06:00:00Z')));
      const id = randomUUID();
      if (!planned || !(await forms.claim({ id, userId, bulkOrderId: null, mailingDate: DAY, planned }))) throw new Error('nothing claimed');
      return id;
    };

    // Fails on the code before: such a form stayed pending, its labels claimed, with no state a seller could read.
    it('is taken as unconfirmed once older than the bound, its labels so shown, and the operator alerted once', async () => {
      const label = boughtLabel();
      const id = await leftPending(ABANDONED_AFTER_MS + 60_000);

      const { labels } = await useCase.todayLabels(userId, NOW);
      await useCase.todayLabels(userId, NOW);

      expect(labels.map((l) => [l.scanFormId, l.scanFormState])).toEqual([[id, 'unconfirmed']]);
      expect(forms.stored(id)).toMatchObject({ state: 'unconfirmed', carrierAnswer: abandonedText });
      expect(raised.mock.calls).toEqual([['usps', 'unreadable_answer', `SCAN form ${id} (ours; the carrier gave no number) of 1 label (${label.trackingNumber}): ${abandonedText}`]]);
    });

    it('answers a request for the day, or for its download, with the unconfirmed words, and the carrier is not asked', async () => {
      const label = boughtLabel();
      const id = await leftPending(ABANDONED_AFTER_MS + 60_000);

      expect(await failure(useCase.formFile(caller, id, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber], null) });
      expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE, message: sellerText([label.trackingNumber], null) });
      expect(usps.scanFormCalls).toHaveLength(0);
    });

    it('stays pending while younger than the bound: its request may still be asking the carrier', async () => {
      boughtLabel();
      const id = await leftPending(ABANDONED_AFTER_MS - 60_000);

      await useCase.todayLabels(userId, NOW);
      expect(await useCase.formFile(caller, id, NOW)).toBeNull();

      expect(forms.stored(id)?.state).toBe('pending');
      expect(raised).not.toHaveBeenCalled();
    });
  });
});
