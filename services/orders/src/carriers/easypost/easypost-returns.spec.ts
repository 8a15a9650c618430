import { aShipment } from '../testing/shipments';
import { returnPaymentOf } from '../returns/return-terms';
import { toCreateShipmentRequest } from './easypost.mapper';

describe("EasyPost's return labels", () => {
  it("asks for a return as EasyPost's docs say: the outbound shipment's addresses and is_return true", () => {
    const outbound = aShipment();
    // Our return shipment goes from the buyer back to the seller.
    const returning = { ...outbound, from: outbound.to, to: outbound.from, isReturn: true as const };
    const request = toCreateShipmentRequest(returning, 'return:r-1').shipment;
    expect(request.is_return).toBe(true);
    expect([request.from_address.street1, request.to_address.street1]).toEqual([outbound.from.street1, outbound.to.street1]);
    expect(request.reference).toBe('return:r-1');
  });

  it('asks an outbound label without is_return', () => {
    expect('is_return' in toCreateShipmentRequest(aShipment(), 'k').shipment).toBe(false);
  });

  it('are prepaid: EasyPost charges a return when it is bought outside the scan-based return program', () => {
    expect([returnPaymentOf('easypost', 'usps'), returnPaymentOf('easypost', 'ups')]).toEqual(['prepaid', 'prepaid']);
  });
});
