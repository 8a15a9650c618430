import { addressFormSchema } from '../address/address.schema';
import { skuFormSchema } from '../address/sku.schema';
import { bulkOrderItemSchema } from '../orders/bulk-order.schema';
import { singleOrderSchema } from '../orders/single-order.schema';
import { foldLineBreaks, oneLine, optionalField, requiredField, toText } from './fields';

const party = (prefix: 'sender' | 'receiver', name: string) => ({
  [`${prefix}_name`]: name,
  [`${prefix}_phone`]: '',
  [`${prefix}_company`]: 'Acme\tInc',
  [`${prefix}_address1`]: '350 Fifth Avenue\r\nFloor 5',
  [`${prefix}_address2`]: '\n',
  [`${prefix}_city`]: 'New\u2028York',
  [`${prefix}_state_province`]: 'ny\n',
  [`${prefix}_zip_postal`]: '10118\r',
  [`${prefix}_country`]: 'US',
});

const order = {
  service_name: 'USPS Priority\nMail',
  sender: party('sender', 'Sam Sender'),
  receiver: party('receiver', 'Name\nc/o Front Desk'),
  package: { package_length: '10', package_width: '8', package_height: '4', package_weight: '2', package_description: 'Mug\u0085box', package_reference1: '1\t', package_reference2: 'MUG\r1' },
};

describe('text fields on one line', () => {
  it('folds a line break, a tab or any run of them, with the spaces around, into one space', () => {
    expect(oneLine('Name\nc/o Front Desk')).toBe('Name c/o Front Desk');
    expect(oneLine('Name \r\n\t c/o Front Desk\t')).toBe('Name c/o Front Desk');
    expect(oneLine('Suite\u2028 4\u2029B')).toBe('Suite 4 B');
    expect(oneLine('bell\u0007 and delete\u007f and NEL\u0085 too')).toBe('bell and delete and NEL too');
  });

  it('keeps the spaces a field has when it has no break, trims only the ends', () => {
    expect(oneLine('  Two  spaces  ')).toBe('Two  spaces');
    expect(oneLine('José Müller')).toBe('José Müller');
    expect(oneLine('\n\t\r')).toBe('');
  });

  it('reads a field without a break as it reads one with breaks: each piece trimmed of the same spaces, empty pieces dropped', () => {
    const bySplitting = (text: string) =>
      text
        .split(/[\p{Cc}\u2028\u2029]+/u)
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .join(' ');
    const pieces = ['', ' ', '\u00a0', '\ufeff', '\u3000', 'a', 'Zoë', '🙂', ' b ', '\u00a0c\u00a0', '\n', '\t', '\u2028', '\u0085'];
    for (const first of pieces) for (const second of pieces) for (const third of pieces) {
      const text = first + second + third;
      expect([text, oneLine(text)]).toEqual([text, bySplitting(text)]);
    }
  });

  it('folds while typing without trimming, so a word being typed keeps its space', () => {
    expect(foldLineBreaks('John ')).toBe('John ');
    expect(foldLineBreaks('John\r\nDoe\t')).toBe('John Doe ');
  });

  it('reads a long run of spaces in linear time', () => {
    const started = Date.now();
    expect(oneLine(`${' '.repeat(200_000)}x${' '.repeat(200_000)}`)).toBe('x');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is applied by every text preprocessor: required, optional, and toText itself', () => {
    expect(toText(' a\nb ')).toBe('a b');
    expect(requiredField('Name').parse('Name\nc/o Front Desk')).toBe('Name c/o Front Desk');
    expect(optionalField('Street 2').parse('\r\n\t')).toBeNull();
    expect(requiredField('Name').safeParse('\n\t').error?.issues[0]?.message).toBe('Name is required');
  });

  it('folds every text field of a single order', () => {
    const parsed = singleOrderSchema.parse(order);
    expect(parsed.service_name).toBe('USPS Priority Mail');
    expect(parsed.receiver).toEqual({
      receiver_name: 'Name c/o Front Desk',
      receiver_phone: null,
      receiver_company: 'Acme Inc',
      receiver_address1: '350 Fifth Avenue Floor 5',
      receiver_address2: null,
      receiver_city: 'New York',
      receiver_state_province: 'NY',
      receiver_zip_postal: '10118',
      receiver_country: 'US',
    });
    expect(parsed.package).toMatchObject({ package_description: 'Mug box', package_reference1: '1', package_reference2: 'MUG 1' });
  });

  it('folds every text field of a bulk row, including its Amazon keys', () => {
    const parsed = bulkOrderItemSchema.parse({ ...order, courier: 'USPS\n', package: { ...order.package, order_id: '058-1\t', order_item_id: '\n12', sku_number: 'MUG\n1', quantity: '2' } });
    expect(parsed.receiver.receiver_name).toBe('Name c/o Front Desk');
    expect(parsed.package).toMatchObject({ order_id: '058-1', order_item_id: '12', sku_number: 'MUG 1', quantity: 2 });
  });

  it('folds the text of a saved address and a SKU', () => {
    const address = addressFormSchema.parse({ address_id: 'HQ\n', name: 'Name\nc/o Front Desk', phone: '', company: '', street: '1 Main\tSt', street2: '', city: 'Austin', state: 'TX', zip: '73301', country: 'US' });
    expect(address).toMatchObject({ address_id: 'HQ', name: 'Name c/o Front Desk', street: '1 Main St' });
    const sku = skuFormSchema.parse({ sku: 'MUG\r\n1', maxQty: '4', weight: '1', length: '1', width: '1', height: '1', description: 'Ceramic\nmug' });
    expect(sku).toMatchObject({ sku: 'MUG 1', description: 'Ceramic mug' });
  });
});
