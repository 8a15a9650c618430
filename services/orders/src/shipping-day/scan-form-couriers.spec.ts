import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import type { BulkOrdersRepository } from '../bulk';
import { CarrierRegistry, type LabelAddress, type ScanFormOutcome } from '../carriers';
import { ScriptedCarrier } from '../carriers/testing/scripted-carrier';
import type { FileRepository } from '../files';
import { ScanFormUseCase } from './scan-form.usecase';
import type { ScanFormsRepository } from './scan-forms.repository';
import { MemoryScanForms } from './testing/memory-scan-forms';

const NOW = new Date('2026-11-27T18:00:00Z');
const SENDER: LabelAddress = { name: 'Acme Widgets', company: null, phone: null, street1: '12 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const made: ScanFormOutcome = { kind: 'created', file: Buffer.from('%PDF-1.7 form'), barcode: '9475711201080329405718', carrierRefs: {} };

/** Tracking numbers in each courier's shape (USPS IMpb 22 digits, UPS 1Z…, FedEx 12 digits). */
const TRACKING: Record<string, (serial: number) => string> = {
  usps: (serial) => `9205590164917312${String(serial).padStart(6, '0')}`,
  ups: (serial) => `1Z999AA1${String(serial).padStart(10, '0')}`,
  fedex: (serial) => String(794600000000 + serial),
};

describe('SCAN forms take USPS labels only', () => {
  beforeAll(() => Logger.overrideLogger(false));

  let userId: string;
  let caller: Caller;
  let labelCarrier: ScriptedCarrier;
  let forms: MemoryScanForms;
  let bulk: { findOwned: jest.Mock };
  let useCase: ScanFormUseCase;
  let serial = 0;

  beforeEach(() => {
    userId = randomUUID();
    caller = { userId, role: 'user' };
    // One label carrier sells every courier (as EasyPost does), and it makes SCAN forms.
    labelCarrier = new ScriptedCarrier('easypost');
    labelCarrier.onScanForm(made, made);
    forms = new MemoryScanForms();
    bulk = { findOwned: jest.fn(async () => null) };
    const files = { saveStream: async () => ({ id: randomUUID() }) };
    useCase = new ScanFormUseCase(forms as unknown as ScanFormsRepository, files as unknown as FileRepository, bulk as unknown as BulkOrdersRepository, new CarrierRegistry([labelCarrier]));
  });

  /** A label of today carried by `courier`, single or of a batch. */
  const bought = (courier: 'usps' | 'ups' | 'fedex', bulkOrderId: string | null = null) => {
    serial++;
    const label = {
      kind: bulkOrderId ? ('bulk' as const) : ('single' as const),
      labelId: randomUUID(),
      trackingNumber: TRACKING[courier]?.(serial) ?? '',
      carrier: 'easypost' as const,
      carrierRefs: {},
      sender: SENDER,
      voidState: null,
      receiverName: `Rita ${serial}`,
      purchasedAt: new Date('2026-11-27T16:00:00Z'),
    };
    forms.labels.push({ userId, bulkOrderId, label, courier });
    return label;
  };

  const failure = async (work: Promise<unknown>): Promise<DomainError> => {
    const error: unknown = await work.then(() => null, (e: unknown) => e);
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return error;
  };

  it("lists and forms today's USPS labels, leaving the UPS and FedEx ones off every form", async () => {
    const usps = bought('usps');
    bought('ups');
    bought('fedex');

    expect((await useCase.todayLabels(userId, NOW)).labels.map((l) => l.labelId)).toEqual([usps.labelId]);
    const answered = await useCase.forToday(userId, NOW);

    expect(answered.map((form) => form.trackingNumbers)).toEqual([[usps.trackingNumber]]);
    expect(labelCarrier.scanFormCalls.flatMap((call) => call.labels.map((l) => l.trackingNumber))).toEqual([usps.trackingNumber]);
  });

  it('says plainly that UPS and FedEx labels need no SCAN form on a day with only those', async () => {
    bought('ups');
    bought('fedex');
    bought('ups');

    expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({
      code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE,
      message: 'No USPS label was bought today. UPS and FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.',
    });
    expect(labelCarrier.scanFormCalls).toEqual([]);
  });

  it("tells the list of today's labels why UPS and FedEx labels are not among them, and nothing on a USPS-only day", async () => {
    expect(await useCase.todayWithoutForm(userId, NOW)).toBeNull();
    bought('usps');
    expect(await useCase.todayWithoutForm(userId, NOW)).toBeNull();
    bought('fedex');
    expect(await useCase.todayWithoutForm(userId, NOW)).toBe('FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.');
  });

  it('keeps the words for a day without labels', async () => {
    expect(await failure(useCase.forToday(userId, NOW))).toMatchObject({ message: 'No single label was bought today, so there is nothing for a SCAN form.' });
  });

  it('refuses a chosen UPS label naming its courier, and still names a label not of today as before', async () => {
    const ups = bought('ups');

    expect(await failure(useCase.forChosen(userId, [ups.labelId], NOW))).toMatchObject({
      code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE,
      message: `These labels cannot go on a SCAN form: ${ups.trackingNumber} (UPS). UPS labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.`,
    });
    const stranger = randomUUID();
    expect(await failure(useCase.forChosen(userId, [ups.labelId, stranger], NOW))).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: `Not one of today's labels: ${stranger}. A SCAN form takes labels bought today.`,
    });
    expect(labelCarrier.scanFormCalls).toEqual([]);
  });

  it("makes a batch's form of its USPS labels only, and says a batch of FedEx labels needs none", async () => {
    const mixed = randomUUID();
    bulk.findOwned.mockResolvedValueOnce({ id: mixed, user_id: userId, status: 'completed', sort_by_sku: false });
    const usps = bought('usps', mixed);
    bought('ups', mixed);
    await expect(useCase.forBatch(caller, mixed, NOW)).resolves.toMatchObject({ fileId: expect.any(String) });
    expect(await forms.ofBatch(mixed)).toEqual([expect.objectContaining({ trackingNumbers: [usps.trackingNumber] })]);

    const fedexOnly = randomUUID();
    bulk.findOwned.mockResolvedValueOnce({ id: fedexOnly, user_id: userId, status: 'completed', sort_by_sku: false });
    bought('fedex', fedexOnly);
    expect(await failure(useCase.forBatch(caller, fedexOnly, NOW))).toMatchObject({
      code: ErrorCode.ORDERS_SCAN_FORM_UNAVAILABLE,
      message: 'This batch has no USPS label. FedEx labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.',
    });
  });
});
