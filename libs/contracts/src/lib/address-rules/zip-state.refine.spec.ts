import { addressFormSchema } from '../address/address.schema';
import { bulkOrderItemSchema } from '../orders/bulk-order.schema';
import { singleOrderSchema } from '../orders/single-order.schema';

const party = (prefix: 'sender' | 'receiver', state: string, zip: string) => ({
  [`${prefix}_name`]: 'Ada',
  [`${prefix}_address1`]: '1 Main St',
  [`${prefix}_city`]: 'Somewhere',
  [`${prefix}_state_province`]: state,
  [`${prefix}_zip_postal`]: zip,
  [`${prefix}_country`]: 'US',
});
const parcel = { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 };
const order = (receiverState: string, receiverZip: string) => ({
  service_name: 'USPS Ground Advantage',
  sender: party('sender', 'CA', '90001'),
  receiver: party('receiver', receiverState, receiverZip),
  package: parcel,
});
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('the state ↔ ZIP rule in the contracts', () => {
  it('refuses a single order whose recipient ZIP is in another state, on the ZIP field', () => {
    expect(issuesOf(singleOrderSchema.safeParse(order('CA', '10001')))).toEqual([
      { path: 'receiver.receiver_zip_postal', message: 'ZIP 10001 is in NY, not CA' },
    ]);
  });

  it('accepts a single order whose ZIPs match their states', () => {
    expect(singleOrderSchema.safeParse(order('NY', '10001-0001')).success).toBe(true);
  });

  it('refuses a bulk row read from a file, where every value is text', () => {
    const row = { ...order('ny', '90210'), package: { package_length: '10', package_width: '8', package_height: '4', package_weight: '2', quantity: '1' } };
    expect(issuesOf(bulkOrderItemSchema.safeParse(row))).toEqual([{ path: 'receiver.receiver_zip_postal', message: 'ZIP 90210 is in CA, not NY' }]);
  });

  it('shows the mismatch while other fields of the address are still empty', () => {
    const result = singleOrderSchema.safeParse({ ...order('CA', '10001'), receiver: { receiver_state_province: 'CA', receiver_zip_postal: '10001' } });
    expect(issuesOf(result)).toContainEqual({ path: 'receiver.receiver_zip_postal', message: 'ZIP 10001 is in NY, not CA' });
  });

  it('says only the field rule when the state itself is not a code', () => {
    const messages = issuesOf(singleOrderSchema.safeParse(order('California', '10001'))).map((issue) => issue.message);
    expect(messages).toEqual(['Recipient state must be a US state code, e.g. CA']);
  });

  it('refuses a saved address whose ZIP is in another state', () => {
    const address = { address_id: 'home', name: 'Ada', street: '1 Main St', city: 'Austin', state: 'TX', zip: '10001', country: 'US' };
    expect(issuesOf(addressFormSchema.safeParse(address))).toEqual([{ path: 'zip', message: 'ZIP 10001 is in NY, not TX' }]);
  });
});

describe('the state ↔ ZIP rule on values that are not addresses', () => {
  it('leaves a party that is not an object to its own type error', () => {
    for (const receiver of [null, 'text', ['a'], true]) {
      const result = singleOrderSchema.safeParse({ ...order('NY', '10001'), receiver });
      expect(result.success).toBe(false);
      expect(issuesOf(result).every((issue) => issue.path === 'receiver')).toBe(true);
    }
  });
});

describe('a ZIP that lost its leading zero, refused with the ZIP it most likely is', () => {
  it('says "Did you mean 02134?" after the ZIP rule on a single order to Boston, MA', () => {
    expect(issuesOf(singleOrderSchema.safeParse(order('MA', '2134')))).toEqual([
      { path: 'receiver.receiver_zip_postal', message: 'Recipient zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?' },
    ]);
  });

  it('says it on the sender too, and on each bulk row read from a file', () => {
    const row = {
      ...order('nj', '7102'),
      sender: party('sender', 'NY', '501'),
      package: { package_length: '10', package_width: '8', package_height: '4', package_weight: '2', quantity: '1' },
    };
    expect(issuesOf(bulkOrderItemSchema.safeParse(row))).toEqual([
      { path: 'sender.sender_zip_postal', message: 'Sender zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 00501?' },
      { path: 'receiver.receiver_zip_postal', message: 'Recipient zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 07102?' },
    ]);
  });

  it('reads a ZIP that arrived as a number, as JSON from a script may send it', () => {
    const messages = issuesOf(singleOrderSchema.safeParse({ ...order('MA', ''), receiver: { ...party('receiver', 'MA', ''), receiver_zip_postal: 2134 } }));
    expect(messages).toEqual([{ path: 'receiver.receiver_zip_postal', message: 'Recipient zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?' }]);
  });

  it('says it on a saved address', () => {
    const address = { address_id: 'home', name: 'Ada', street: '1 Main St', city: 'Hartford', state: 'CT', zip: '6103', country: 'US' };
    expect(issuesOf(addressFormSchema.safeParse(address))).toEqual([{ path: 'zip', message: 'ZIP must be 5 digits or ZIP+4 (12345-6789). Did you mean 06103?' }]);
  });

  it('keeps the ZIP rule word for word when padding gives no ZIP of the state', () => {
    for (const [state, zip] of [['CA', '9021'], ['NH', '2134'], ['MA', '21a4'], ['MA', '213456']]) {
      expect(issuesOf(singleOrderSchema.safeParse(order(state ?? '', zip ?? '')))).toEqual([
        { path: 'receiver.receiver_zip_postal', message: 'Recipient zip must be 5 digits or ZIP+4 (12345-6789)' },
      ]);
    }
  });

  it('keeps the other ZIP messages as they were, an empty ZIP said once', () => {
    expect(issuesOf(singleOrderSchema.safeParse(order('MA', ''))).map((issue) => issue.message)).toEqual(['Recipient zip is required']);
    expect(issuesOf(singleOrderSchema.safeParse(order('NH', '02134')))).toEqual([{ path: 'receiver.receiver_zip_postal', message: 'ZIP 02134 is in MA, not NH' }]);
  });

  it('suggests nothing while the state is not a code: it tells which padding is meant', () => {
    expect(issuesOf(singleOrderSchema.safeParse(order('Mass', '2134'))).map((issue) => issue.message)).toEqual([
      'Recipient state must be a US state code, e.g. CA',
      'Recipient zip must be 5 digits or ZIP+4 (12345-6789)',
    ]);
  });
});
