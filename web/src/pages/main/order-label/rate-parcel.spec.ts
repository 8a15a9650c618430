import { emptyOrderForm } from '../../../services/orders/create-order';
import type { OrderFormValues } from '../../../services/orders/create-order';
import { rateParcelOf } from './rate-parcel';

const COMPLETE: OrderFormValues = {
  ...emptyOrderForm,
  sender_name: 'Sam Sender',
  sender_address1: '1600 Amphitheatre Pkwy',
  sender_city: 'Mountain View',
  sender_state_province: 'CA',
  sender_zip_postal: '94043',
  receiver_name: 'Rita Receiver',
  receiver_address1: '350 Fifth Avenue',
  receiver_city: 'New York',
  receiver_state_province: 'NY',
  receiver_zip_postal: '10118',
  package_length: '10',
  package_width: '8',
  package_height: '4',
  package_weight: '2.5',
};

describe('the parcel the Order Label form compares rates for', () => {
  it("is the sender, the receiver and the package's size and weight, as the rates contract reads them", () => {
    const parcel = rateParcelOf(COMPLETE);
    expect(parcel?.sender).toMatchObject({ sender_zip_postal: '94043', sender_state_province: 'CA', sender_country: 'US' });
    expect(parcel?.receiver).toMatchObject({ receiver_zip_postal: '10118', receiver_name: 'Rita Receiver' });
    expect(parcel?.package).toMatchObject({ package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5, package_weight_unit: 'LB' });
  });

  it('is not there while a party or the package is missing or invalid, so no comparison is asked for', () => {
    expect(rateParcelOf({ ...COMPLETE, receiver_zip_postal: '' })).toBeNull();
    expect(rateParcelOf({ ...COMPLETE, receiver_zip_postal: '1011' })).toBeNull();
    expect(rateParcelOf({ ...COMPLETE, sender_zip_postal: '10118' })).toBeNull();
    expect(rateParcelOf({ ...COMPLETE, package_weight: '' })).toBeNull();
    expect(rateParcelOf({ ...COMPLETE, package_height: '0' })).toBeNull();
  });

  it('stays the same when the service, the description, the quantity or a phone changes, so none of them asks again', () => {
    const same = rateParcelOf({ ...COMPLETE, service_name: 'UPS Ground', courier: 'ups', package_description: 'Mugs', package_reference1: '3', sender_phone: '555' });
    expect(JSON.stringify(same)).toBe(JSON.stringify(rateParcelOf(COMPLETE)));
  });
});
