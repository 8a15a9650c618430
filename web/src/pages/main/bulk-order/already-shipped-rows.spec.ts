import { checkBeforeSubmit, emptyValues } from './bulk-rows';
import type { BulkRow, BulkValues } from './bulk-rows';
import { isLeftOut, shippedMarkOf } from './use-shipped-orders';

const valid = (orderId: string): BulkValues => ({
  ...emptyValues(),
  orderId, quantity: '1', courier: 'usps', ServiceName: 'USPS Priority Mail',
  FromSenderName: 'Ann Sender', FromStreet1: '1 Main St', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', FromCountry: 'US',
  ToRecipientName: 'Bob Receiver', ToStreet1: '200 Pine Ave', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101', ToCountry: 'US',
  PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2',
});
const row = (id: number, orderId: string, buyAnother?: boolean): BulkRow => ({ id, values: valid(orderId), errors: null, ...(buyAnother === undefined ? {} : { buyAnother }) });
const shipped = new Map([['#1001', { orderId: '#1001', shippedAt: '2026-11-20T15:00:00.000Z', trackingNumber: '9400111899223344556677' }]]);

describe('rows whose order already has a label (issue 47)', () => {
  it('finds the earlier label by the row\'s order ID, whatever spaces surround it', () => {
    expect(shippedMarkOf(shipped, row(1, ' #1001 '))?.trackingNumber).toBe('9400111899223344556677');
    expect(shippedMarkOf(shipped, row(2, '#1002'))).toBeUndefined();
  });

  it('counts a marked row as left out until "Buy another label" is ticked', () => {
    expect(isLeftOut(shipped, row(1, '#1001'))).toBe(true);
    expect(isLeftOut(shipped, row(1, '#1001', true))).toBe(false);
    expect(isLeftOut(shipped, row(2, '#1002'))).toBe(false);
  });

  it('sends buy_another only for the rows the user ticked', () => {
    const context = { services: new Map([['USPS Priority Mail', 70]]) };
    const { orderData, invalid } = checkBeforeSubmit([row(1, '#1001', true), row(2, '#1001'), row(3, '#1002')], context);
    expect(invalid).toEqual([]);
    expect(orderData.map((item) => item.buy_another)).toEqual([true, undefined, undefined]);
  });
});
