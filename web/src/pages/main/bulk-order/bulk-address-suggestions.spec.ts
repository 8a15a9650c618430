import { addressesToAsk, addressKey, indexAddresses, partyAddress, suggestionPatch, suggestionsByRow, warningsByRow } from './bulk-address-suggestions';
import { emptyValues, type BulkRow } from './bulk-rows';

const row = (id: number, change: Partial<BulkRow['values']> = {}): BulkRow => ({
  id,
  values: { ...emptyValues(), FromStreet1: '1 Main St', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', ToStreet1: '350 Fifth Ave', ToCity: 'New York', ToStateProvince: 'NY', ToZipPostal: '10118', ...change },
  errors: null,
});
const suggested = { street1: '350 FIFTH AVE', street2: null, city: 'NEW YORK', state: 'NY', zip: '10118-0110' };

describe('bulk address suggestions', () => {
  it('asks each distinct address once, and none the offline rules refuse', () => {
    const rows = [row(1), row(2), row(3, { ToStateProvince: 'CA' })];
    expect([...addressesToAsk(rows, new Set(), 500).values()].map((address) => address.zip)).toEqual(['78701', '10118']);
  });

  it('stops at the limit of addresses asked per page', () => {
    const rows = [row(1), row(2, { ToStreet1: '2 Fifth Ave' })];
    const asked = new Set([addressKey(partyAddress(rows[0]!.values, 'from')!)]);
    expect(addressesToAsk(rows, asked, 2).size).toBe(1);
  });

  it('offers a row the carrier suggestion for its To address, and accepting fills the five cells', () => {
    const rows = [row(1), row(2, { ToStreet1: '350 FIFTH AVE', ToCity: 'NEW YORK', ToZipPostal: '10118-0110' })];
    const answers = new Map([[addressKey(partyAddress(rows[0]!.values, 'to')!), { verdict: 'suggestion' as const, suggestion: suggested, messages: [] }]]);
    const byRow = suggestionsByRow(indexAddresses(rows), answers);
    expect([...byRow.keys()]).toEqual([1]);
    expect(suggestionPatch(byRow.get(1)!)).toEqual({ ToStreet1: '350 FIFTH AVE', ToStreet2: '', ToCity: 'NEW YORK', ToStateProvince: 'NY', ToZipPostal: '10118-0110' });
  });

  it("puts the server's warnings on every row with that address, saying whose address it is", () => {
    const rows = [row(1), row(2, { ToCity: 'Brooklyn' }), row(3, { ToCity: 'Brooklyn' })];
    const warned = new Map([[addressKey(partyAddress(rows[1]!.values, 'to')!), ['ZIP 10118 is usually NEW YORK, NY, not BROOKLYN: check the city (USPS accepts some other names).']]]);
    const byRow = warningsByRow(indexAddresses(rows), warned);
    expect([...byRow.keys()]).toEqual([2, 3]);
    expect(byRow.get(2)).toEqual(['To: ZIP 10118 is usually NEW YORK, NY, not BROOKLYN: check the city (USPS accepts some other names).']);
    expect(warningsByRow(indexAddresses(rows), new Map()).size).toBe(0);
  });

  it('names the From warning before the To warning of one row, whichever answer came first', () => {
    const rows = [row(1, { ToCity: 'Brooklyn', FromCity: 'Queens' })];
    const to = addressKey(partyAddress(rows[0]!.values, 'to')!);
    const from = addressKey(partyAddress(rows[0]!.values, 'from')!);
    const byRow = warningsByRow(indexAddresses(rows), new Map([[to, ['to doubt']], [from, ['from doubt']]]));
    expect(byRow.get(1)).toEqual(['From: from doubt', 'To: to doubt']);
  });

  it('indexes each address once with every row and party that has it, and sees an edited row anew', () => {
    const rows = [row(1), row(2), row(3, { ToCity: 'Brooklyn' })];
    const index = indexAddresses(rows);
    expect(index.get(addressKey(partyAddress(rows[0]!.values, 'to')!))).toEqual([{ rowId: 1, party: 'to' }, { rowId: 2, party: 'to' }]);
    const edited = [rows[0]!, { ...rows[1]!, values: { ...rows[1]!.values, ToCity: 'Brooklyn' } }, rows[2]!];
    expect(indexAddresses(edited).get(addressKey(partyAddress(rows[2]!.values, 'to')!))).toEqual([{ rowId: 2, party: 'to' }, { rowId: 3, party: 'to' }]);
  });
});
