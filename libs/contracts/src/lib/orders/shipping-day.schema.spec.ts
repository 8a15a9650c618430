import { scanFormSummarySchema, todayFormLabelSchema, todayScanFormsResponseSchema, unconfirmedFormText } from './shipping-day.schema';

const sender = { name: 'Acme Widgets', street1: '12 Main St', city: 'Columbus', state: 'OH', zip: '43215' };
const made = {
  id: 'f1',
  carrier: 'usps',
  state: 'created',
  mailingDate: '2026-11-27',
  barcode: '9475711201080329405718',
  sender,
  count: 1,
  trackingNumbers: ['9205590164917312000001'],
  downloadPath: '/api/orders/download/scan-form/f1',
};

describe('SCAN form answers', () => {
  it('reads a made form with its file and a form the carrier has not confirmed without one, side by side', () => {
    const unconfirmed = { ...made, id: 'f2', state: 'unconfirmed', barcode: '', downloadPath: null };

    expect(todayScanFormsResponseSchema.parse({ forms: [made, unconfirmed] }).forms.map((form) => [form.state, form.downloadPath])).toEqual([
      ['created', '/api/orders/download/scan-form/f1'],
      ['unconfirmed', null],
    ]);
  });

  it('refuses a form without a state, or with a state the seller is never shown (pending)', () => {
    const { state: _state, ...stateless } = made;
    expect(scanFormSummarySchema.safeParse(stateless).success).toBe(false);
    expect(scanFormSummarySchema.safeParse({ ...made, state: 'pending' }).success).toBe(false);
  });

  it("reads one of today's labels held on an unconfirmed form as a state of its own", () => {
    const label = { orderId: 'o1', trackingNumber: '9205590164917312000001', carrier: 'usps', receiverName: 'Rita', sender, purchasedAt: '2026-11-27T16:00:00.000Z' };

    expect(todayFormLabelSchema.parse({ ...label, state: 'on_unconfirmed_form' }).state).toBe('on_unconfirmed_form');
    expect(todayFormLabelSchema.safeParse({ ...label, state: 'unconfirmed' }).success).toBe(false);
  });

  it('tells the seller in plain words that the carrier has not confirmed the form and not to put its labels on another', () => {
    expect(unconfirmedFormText('USPS')).toBe('USPS has not confirmed this SCAN form; an operator is checking it. Do not hand these labels over on another form.');
    expect(unconfirmedFormText('the carrier')).toMatch(/^The carrier has not confirmed this SCAN form;/);
  });
});
