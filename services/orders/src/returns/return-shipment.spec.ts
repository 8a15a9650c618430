import { returnParties } from './return-shipment';

const sender = { sender_name: 'Ann Seller', sender_phone: '555-111-2222', sender_company: 'Cedar Goods', sender_address1: '1 Main St', sender_address2: null, sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' as const };
const receiver = { receiver_name: 'Bob Buyer', receiver_phone: null, receiver_company: null, receiver_address1: '200 Pine Ave', receiver_address2: 'Apt 4', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' as const, receiver_email: 'bob@example.com' };

describe('returnParties', () => {
  it('sends the return from the outbound receiver back to the outbound sender, field by field', () => {
    const parties = returnParties({ sender, receiver });
    expect(parties.sender).toEqual({ sender_name: 'Bob Buyer', sender_phone: null, sender_company: null, sender_address1: '200 Pine Ave', sender_address2: 'Apt 4', sender_city: 'Seattle', sender_state_province: 'WA', sender_zip_postal: '98101', sender_country: 'US' });
    expect(parties.receiver).toEqual({ receiver_name: 'Ann Seller', receiver_phone: '555-111-2222', receiver_company: 'Cedar Goods', receiver_address1: '1 Main St', receiver_address2: null, receiver_city: 'Austin', receiver_state_province: 'TX', receiver_zip_postal: '78701', receiver_country: 'US' });
  });

  it("leaves the buyer's e-mail for tracking mails out of the return's addresses", () => {
    expect(JSON.stringify(returnParties({ sender, receiver }))).not.toContain('bob@example.com');
  });
});
