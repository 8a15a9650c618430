import type { NewBulkItem } from '../bulk.rows';
import { SAMPLE_LABEL_CARRIERS } from '../../carriers';
import { insureRows, insuringCarriers, rowInsurance } from './row-insurance';

const item = (rowNo: number, serviceUid: string, serviceName: string, priceCents: number, refusal?: string): NewBulkItem => ({
  id: `item-${rowNo}`,
  userId: 'u1',
  rowNo,
  serviceName,
  serviceUid,
  courier: 'usps',
  priceCents,
  sku: null,
  ...(refusal ? { refusal } : {}),
});

describe('insuring bulk rows (decision 122)', () => {
  it('quotes a row as a single label: 1 % of the declared value rounded up, at least $1.00', () => {
    expect(rowInsurance({ uid: 'usps_priority', name: 'USPS Priority Mail' }, 25_000, ['sandbox'])).toEqual({
      ok: true,
      extras: { declaredValueCents: 25_000, insuranceCents: 250, signature: 'none', signatureCents: 0 },
    });
    expect(rowInsurance({ uid: 'usps_priority', name: 'USPS Priority Mail' }, 4_000, ['easypost'])).toMatchObject({ ok: true, extras: { insuranceCents: 100 } });
    expect(rowInsurance({ uid: 'usps_priority', name: 'USPS Priority Mail' }, null, ['usps'])).toMatchObject({ ok: true, extras: { insuranceCents: 0, declaredValueCents: null } });
  });

  it('adds the fee to an insured row, leaves the others, and refuses alone a row whose service cannot be insured', () => {
    const rows = [
      item(0, 'usps_priority', 'USPS Priority Mail', 900),
      item(1, 'usps_priority', 'USPS Priority Mail', 900),
      item(2, 'usps_priority_international', 'USPS Priority Mail International', 4_500),
      item(3, 'usps_priority_international', 'USPS Priority Mail International', 4_500, 'Customs is required for a label to Canada'),
    ];
    const insured = insureRows(rows, new Map([[0, 12_345], [2, 5_000], [3, 5_000]]), ['sandbox']);
    expect(insured.map(({ rowNo, priceCents, refusal, uninsurable }) => ({ rowNo, priceCents, refusal, uninsurable }))).toEqual([
      { rowNo: 0, priceCents: 900 + 124, refusal: undefined, uninsurable: undefined },
      { rowNo: 1, priceCents: 900, refusal: undefined, uninsurable: undefined },
      { rowNo: 2, priceCents: 4_500, refusal: 'USPS Priority Mail International cannot be insured here: insurance is sold on US domestic labels only', uninsurable: true },
      // Refused for its customs already: that reason stands.
      { rowNo: 3, priceCents: 4_500, refusal: 'Customs is required for a label to Canada', uninsurable: undefined },
    ]);
  });

  it('refuses insured rows where labels are bought through a carrier that passes no insurance on, naming it', () => {
    const [row] = insureRows([item(0, 'usps_priority', 'USPS Priority Mail', 900)], new Map([[0, 5_000]]), ['usps']);
    expect(row?.refusal).toBe('Insurance and signatures are not sold on labels bought through usps here yet: buy this label without them');
  });

  it("insures a test batch's rows as the sandbox sells insurance, and a live batch's as CARRIERS do (decision 124)", () => {
    expect([insuringCarriers('test', ['easypost']), insuringCarriers('live', ['easypost'])]).toEqual([SAMPLE_LABEL_CARRIERS, ['easypost']]);
  });
});
