import { amazonOrderItemSchema, amazonOrderSchema, importedFromAmazon } from './amazon-order';
import { packageReferenceOf } from './amazon-writeback';

/** An order and its items as the Orders v0 model's sandbox examples answer them, with an address read through an RDT. */
const order = amazonOrderSchema.parse({
  AmazonOrderId: '902-1845936-5435065',
  PurchaseDate: '1970-01-19T03:58:30Z',
  LastUpdateDate: '1970-01-19T03:58:32Z',
  OrderStatus: 'Unshipped',
  MarketplaceId: 'ATVPDKIKX0DER',
  ShippingAddress: { Name: 'MFNIntegrationTestMerchant', AddressLine1: '2201 WESTLAKE AVE', AddressLine2: 'SUITE 200', AddressLine3: 'DOCK 4', City: 'SEATTLE', StateOrRegion: 'WA', PostalCode: '98121-2778', CountryCode: 'us', Phone: '+1 480-386-0930 ext. 73824' },
  BuyerInfo: { BuyerName: 'Jane Buyer' },
});
const items = [amazonOrderItemSchema.parse({ ASIN: 'BT0093TELA', SellerSKU: 'NABetaASINB', OrderItemId: '68828574383266', Title: 'Satisfaction Guaranteed', QuantityOrdered: 1, QuantityShipped: 0 })];

describe('an imported Amazon order', () => {
  it('reads the address lines, the phone and the country in capitals, and the items by SellerSKU', () => {
    expect(importedFromAmazon(order, items)).toEqual({
      externalId: '902-1845936-5435065',
      orderNumber: '902-1845936-5435065',
      placedAt: '1970-01-19T03:58:30.000Z',
      modifiedAt: '1970-01-19T03:58:32.000Z',
      receiver: {
        receiver_name: 'MFNIntegrationTestMerchant',
        receiver_company: null,
        receiver_phone: '+1 480-386-0930 ext. 73824',
        receiver_address1: '2201 WESTLAKE AVE',
        receiver_address2: 'SUITE 200, DOCK 4',
        receiver_city: 'SEATTLE',
        receiver_state_province: 'WA',
        receiver_zip_postal: '98121-2778',
        receiver_country: 'US',
        receiver_email: null,
      },
      items: [{ sku: 'NABetaASINB', name: 'Satisfaction Guaranteed', quantity: 1 }],
    });
  });

  it('takes the buyer\'s name when the address has none, and the second line as the street when the first is blank', () => {
    const imported = importedFromAmazon({ ...order, ShippingAddress: { ...order.ShippingAddress, Name: ' ', AddressLine1: '', AddressLine3: undefined } }, items);
    expect(imported?.receiver).toMatchObject({ receiver_name: 'Jane Buyer', receiver_address1: 'SUITE 200', receiver_address2: null });
  });

  it('is not imported without a street (no Restricted Data Token: city and postal code only), or with every unit shipped', () => {
    expect(importedFromAmazon({ ...order, ShippingAddress: { City: 'SEATTLE', StateOrRegion: 'WA', PostalCode: '98121', CountryCode: 'US' } }, items)).toBeNull();
    expect(importedFromAmazon(order, [{ ...items[0]!, QuantityShipped: 1 }])).toBeNull();
  });
});

describe('the package reference of a shipment confirmation', () => {
  it('is a positive number, the same for the same tracking number and another for another', () => {
    expect(packageReferenceOf('9400100000000000000001')).toMatch(/^[1-9]\d{0,8}$/);
    expect(packageReferenceOf('9400100000000000000001')).toBe(packageReferenceOf('9400100000000000000001'));
    expect(packageReferenceOf('9400100000000000000002')).not.toBe(packageReferenceOf('9400100000000000000001'));
  });
});
