import type { LabelAddress } from '../carriers';
import { exclusionOf, planScanForms, senderKeyOf, type FormCandidate } from './scan-form-plan';

const home: LabelAddress = { name: 'Acme Widgets', company: null, phone: null, street1: '12 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const warehouse: LabelAddress = { ...home, street1: '900 Dock Rd', zip: '43219' };

let serial = 0;
const label = (overrides: Partial<FormCandidate> = {}): FormCandidate => {
  serial++;
  return {
    kind: 'bulk',
    labelId: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    trackingNumber: `9205599999999900${String(serial).padStart(6, '0')}`,
    carrier: 'sandbox',
    carrierRefs: {},
    sender: home,
    voidState: null,
    scanFormId: null,
    scanFormState: null,
    ...overrides,
  };
};

describe('planScanForms', () => {
  it('puts the labels of one sender on one form, in their given order', () => {
    const labels = [label(), label(), label()];
    const forms = planScanForms(labels);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.labels.map((l) => l.trackingNumber)).toEqual(labels.map((l) => l.trackingNumber));
    expect(forms[0]?.sender).toEqual(home);
  });

  it('makes one form per sender address and per carrier', () => {
    const forms = planScanForms([label(), label({ sender: warehouse }), label(), label({ carrier: 'usps' })]);
    expect(forms.map((f) => [f.carrier, f.sender.street1, f.labels.length])).toEqual([
      ['sandbox', '12 Main St', 2],
      ['sandbox', '900 Dock Rd', 1],
      ['usps', '12 Main St', 1],
    ]);
  });

  it('takes a sender typed differently (case, spacing, accents, ZIP+4) as the same sender', () => {
    const same = { ...home, name: 'ACME  widgets', city: 'Colúmbus', zip: '43215-1234' };
    expect(senderKeyOf(same)).toBe(senderKeyOf(home));
    expect(planScanForms([label(), label({ sender: same })])).toHaveLength(1);
    expect(senderKeyOf({ ...home, street2: 'Suite 2' })).not.toBe(senderKeyOf(home));
  });

  it('leaves out voided labels, labels being voided and labels already on a form', () => {
    const kept = label();
    const labels = [label({ voidState: 'voided' }), label({ voidState: 'void_requested' }), label({ voidState: 'refund_pending' }), label({ scanFormId: 'f1', scanFormState: 'created' }), kept];
    expect(labels.map(exclusionOf)).toEqual(['voided', 'voided', 'voided', 'on_form', null]);
    expect(planScanForms(labels).flatMap((f) => f.labels)).toEqual([kept]);
  });

  it('names a label on a form its carrier has not confirmed apart, and keeps it off a new form as any label on a form', () => {
    const held = [label({ scanFormId: 'f2', scanFormState: 'unconfirmed' }), label({ scanFormId: 'f3', scanFormState: 'pending' })];
    expect(held.map(exclusionOf)).toEqual(['on_unconfirmed_form', 'on_form']);
    expect(planScanForms(held)).toEqual([]);
  });

  it('plans no form when no label may go on one', () => {
    expect(planScanForms([])).toEqual([]);
    expect(planScanForms([label({ voidState: 'voided' }), label({ scanFormId: 'f1' })])).toEqual([]);
  });

  it('splits more than 200 labels of one sender into even forms of at most 200, every label on exactly one', () => {
    const labels = Array.from({ length: 401 }, () => label());
    const forms = planScanForms(labels);
    expect(forms.map((f) => f.labels.length)).toEqual([134, 134, 133]);
    expect(forms.flatMap((f) => f.labels)).toEqual(labels);
    expect(planScanForms(labels.slice(0, 200))).toHaveLength(1);
    expect(planScanForms(labels.slice(0, 201)).map((f) => f.labels.length)).toEqual([101, 100]);
  });
});
