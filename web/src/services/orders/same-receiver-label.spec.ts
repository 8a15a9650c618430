import { emptyOrderForm } from './create-order';
import type { OrderFormData } from './create-order';
import { sameReceiverQuery } from './same-receiver-label';

const form = (change: Partial<Record<'package_reference2' | 'package_description', string | null>>): OrderFormData =>
  ({ ...emptyOrderForm, receiver_name: 'Rita Receiver', receiver_address1: '350 Fifth Avenue', receiver_zip_postal: '10118', ...change }) as unknown as OrderFormData;

describe('sameReceiverQuery', () => {
  it('names the receiver by name, street and ZIP, and the items by the SKU first', () => {
    expect(sameReceiverQuery(form({ package_reference2: ' MUG-1 ', package_description: 'Mug' }))).toEqual({
      receiverName: 'Rita Receiver',
      receiverAddress1: '350 Fifth Avenue',
      receiverZip: '10118',
      items: 'MUG-1',
    });
  });

  it('names the items by the description when there is no SKU, and by nothing when there is neither', () => {
    expect(sameReceiverQuery(form({ package_reference2: null, package_description: 'Ceramic mug' })).items).toBe('Ceramic mug');
    expect(sameReceiverQuery(form({ package_reference2: null, package_description: null })).items).toBe('');
  });
});
