import { address, printedTextRuns } from '../testing/label-fixtures';
import { COLUMNS, FIRST_PAGE_ROWS, NEXT_PAGE_ROWS, pagesOf, renderScanForm } from './scan-form-renderer';
import { sandboxScanFormNumber, scanFormRefusal } from './sandbox-scan-form';
import { mod10CheckDigit } from './impb';
import { isSandboxTrackingNumber } from './sandbox-lifecycle';
import { SandboxCarrierAdapter } from './sandbox-carrier.adapter';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { aShipment } from '../testing/shipments';

const from = address({ name: 'Acme Widgets', street1: '12 Main St', city: 'Columbus', state: 'OH', zip: '43215' });
const numbers = (count: number) => Array.from({ length: count }, (_, i) => `92055999999999${String(i).padStart(8, '0')}`);
const pageCount = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Type \/Page\b/g)].length;

describe('SAMPLE PS Form 5630', () => {
  it('says what the form is, the sender, the mailing date, the package count, its number and every tracking number, marked SAMPLE', async () => {
    const pdf = await renderScanForm({ barcode: '9475999999999123456780', mailingDate: '2026-11-26', from, trackingNumbers: numbers(3), createdAt: new Date() });
    const runs = printedTextRuns(pdf);
    expect(runs).toEqual(expect.arrayContaining([
      'SHIPMENT CONFIRMATION ACCEPTANCE NOTICE', 'PS Form 5630', 'SAMPLE', '11/26/2026', '3', '43215',
      'ACME WIDGETS', '12 MAIN ST', 'COLUMBUS OH 43215', '9475 9999 9999 9123 4567 80', 'PACKAGES ON THIS FORM (3)',
      ...numbers(3),
    ]));
    expect(runs.join('\n')).toMatch(/NOT VALID FOR MAILING/);
    expect(pageCount(pdf)).toBe(1);
  });

  it('continues a long list on further pages, each tracking number printed once', async () => {
    const count = 200;
    const pdf = await renderScanForm({ barcode: '9475999999999123456780', mailingDate: '2026-11-26', from, trackingNumbers: numbers(count), createdAt: new Date() });
    const runs = printedTextRuns(pdf);
    for (const n of numbers(count)) expect(runs.filter((r) => r === n)).toHaveLength(1);
    expect(pageCount(pdf)).toBe(pagesOf(count));
    expect(pagesOf(FIRST_PAGE_ROWS * COLUMNS)).toBe(1);
    expect(pagesOf(FIRST_PAGE_ROWS * COLUMNS + 1)).toBe(2);
    expect(pagesOf(FIRST_PAGE_ROWS * COLUMNS + NEXT_PAGE_ROWS * COLUMNS + 1)).toBe(3);
  });
});

describe('the sandbox SCAN form', () => {
  it('numbers a form with 22 digits and a check digit, the same number for the same form id, never one of its label numbers', () => {
    const number = sandboxScanFormNumber('form-1');
    expect(number).toMatch(/^9475999999999\d{9}$/);
    expect(mod10CheckDigit(number.slice(0, -1))).toBe(Number(number.slice(-1)));
    expect(sandboxScanFormNumber('form-1')).toBe(number);
    expect(sandboxScanFormNumber('form-2')).not.toBe(number);
    expect(isSandboxTrackingNumber(number)).toBe(false);
  });

  it('refuses an empty form, more than 200 labels, a label it did not issue, and a label twice', () => {
    const ours = numbers(1)[0] as string;
    const request = (labels: string[]) => ({ formId: 'f', mailingDate: '2026-11-26', from, labels: labels.map((trackingNumber) => ({ trackingNumber, carrierRefs: {} })) });
    expect(scanFormRefusal(request([]))).toBe('A SCAN form needs at least one label.');
    expect(scanFormRefusal(request(Array.from({ length: 201 }, () => ours)))).toMatch(/at most 200 labels; this one has 201/);
    expect(scanFormRefusal(request(['9400100000000000000000']))).toBe('The sandbox did not issue label 9400100000000000000000.');
  });

  it('makes a form of labels it sold, and the same form again for the same form id', async () => {
    let serial = 0;
    const carrier = new SandboxCarrierAdapter({ nextSerial: async () => ++serial });
    const bought = await carrier.purchase(aShipment(), 'k1', new MemoryJournal());
    if (bought.kind !== 'bought') throw new Error('not bought');
    const request = { formId: 'form-a', mailingDate: '2026-11-26', from, labels: [{ trackingNumber: bought.label.trackingNumber, carrierRefs: bought.label.carrierRefs }] };
    const made = await carrier.scanForm(request);
    if (made.kind !== 'created') throw new Error(`not created: ${JSON.stringify(made)}`);
    expect(made.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printedTextRuns(made.file)).toContain(bought.label.trackingNumber);
    expect(made.barcode).toBe(sandboxScanFormNumber('form-a'));
    expect((await carrier.scanForm(request)).kind === 'created' && made.barcode).toBe(sandboxScanFormNumber('form-a'));
  });
});
