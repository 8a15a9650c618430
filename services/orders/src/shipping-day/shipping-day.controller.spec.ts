import { todayFormLabelsResponseSchema, todayScanFormsResponseSchema, type Caller } from '@labeldesk/contracts';
import type { LabelAddress } from '../carriers';
import type { ScanFormUseCase } from './scan-form.usecase';
import type { DayCandidate, ScanFormRecord } from './scan-forms.repository';
import { ShippingDayController } from './shipping-day.controller';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const caller: Caller = { userId: USER, role: 'user' };
const SENDER: LabelAddress = { name: 'Acme Widgets', company: 'Acme', phone: '6145550100', street1: '12 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };

const form = (overrides: Partial<ScanFormRecord>): ScanFormRecord => ({
  id: 'f1',
  userId: USER,
  carrier: 'usps',
  bulkOrderId: null,
  sender: SENDER,
  mailingDate: '2026-11-27',
  trackingNumbers: ['9205590164917312000001'],
  state: 'created',
  barcode: '9475711201080329405718',
  fileId: 'file-1',
  createdAt: new Date('2026-11-27T18:00:00Z'),
  ...overrides,
});

const label = (overrides: Partial<DayCandidate>): DayCandidate => ({
  kind: 'single',
  labelId: 'o1',
  trackingNumber: '9205590164917312000001',
  carrier: 'usps',
  carrierRefs: {},
  sender: SENDER,
  voidState: null,
  scanFormId: null,
  scanFormState: null,
  receiverName: 'Rita',
  purchasedAt: new Date('2026-11-27T16:00:00Z'),
  ...overrides,
});

const controllerAnswering = (answers: Partial<Record<'forToday' | 'todayLabels' | 'todayWithoutForm', unknown>>) =>
  new ShippingDayController({
    forToday: async () => answers.forToday,
    todayLabels: async () => answers.todayLabels,
    todayWithoutForm: async () => answers.todayWithoutForm ?? null,
  } as unknown as ScanFormUseCase);

describe('ShippingDayController', () => {
  // Fails on the code before: every form was answered with a download path, so a form with no file offered one.
  it('answers a made form with its download path and one its carrier has not confirmed with its state and no path', async () => {
    const controller = controllerAnswering({ forToday: [form({}), form({ id: 'f2', state: 'unconfirmed', barcode: null, fileId: null })] });

    const answer = await controller.today(caller, { userId: USER });

    expect(todayScanFormsResponseSchema.parse(answer).forms.map((f) => [f.id, f.state, f.barcode, f.downloadPath])).toEqual([
      ['f1', 'created', '9475711201080329405718', '/api/orders/download/scan-form/f1'],
      ['f2', 'unconfirmed', '', null],
    ]);
  });

  // Fails on the code before: a label on an unconfirmed form read 'on_form', as if its form could be downloaded.
  it("tells today's labels on a form its carrier has not confirmed from those on a made form", async () => {
    const labels = [label({}), label({ labelId: 'o2', scanFormId: 'f1', scanFormState: 'created' }), label({ labelId: 'o3', scanFormId: 'f2', scanFormState: 'unconfirmed' }), label({ labelId: 'o4', voidState: 'voided' })];
    const controller = controllerAnswering({ todayLabels: { mailingDate: '2026-11-27', labels } });

    const answer = todayFormLabelsResponseSchema.parse(await controller.todayLabels(caller, { userId: USER }));

    expect(answer.labels.map((l) => [l.orderId, l.state])).toEqual([
      ['o1', 'available'],
      ['o2', 'on_form'],
      ['o3', 'on_unconfirmed_form'],
      ['o4', 'voided'],
    ]);
    expect(answer).not.toHaveProperty('noFormNeeded');
  });

  it("says beside today's labels why the day's UPS labels are not among them", async () => {
    const noFormNeeded = 'UPS labels need no SCAN form: a SCAN form (USPS PS Form 5630) lists USPS labels only.';
    const controller = controllerAnswering({ todayLabels: { mailingDate: '2026-11-27', labels: [label({})] }, todayWithoutForm: noFormNeeded });
    expect(todayFormLabelsResponseSchema.parse(await controller.todayLabels(caller, { userId: USER }))).toMatchObject({ noFormNeeded });
  });
});
