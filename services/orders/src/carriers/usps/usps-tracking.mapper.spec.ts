import type { TrackingReport } from '../carrier.port';
import { eventStatusOf, occurredAtOf, packageStatusOf, uspsLocationOf, uspsRefundCheckOf, uspsTrackingReportOf, USPS_USED_REASON } from './usps-tracking.mapper';
import { trackingResponseSchema } from './usps.schema';

describe('USPS tracking → our statuses', () => {
  it.each([
    ['Shipping Label Created, USPS Awaiting Item', null, 'pre_transit'],
    ['Pre-Shipment Info Sent to USPS, USPS Awaiting Item', null, 'pre_transit'],
    ['Accepted at USPS Origin Facility', null, 'in_transit'],
    ['USPS picked up item', null, 'in_transit'],
    ['Arrived at USPS Regional Facility', null, 'in_transit'],
    ['Departed USPS Facility', null, 'in_transit'],
    ['In Transit to Next Facility', null, 'in_transit'],
    ['Out for Delivery', null, 'out_for_delivery'],
    ['Delivered, In/At Mailbox', null, 'delivered'],
    ['Delivered, Front Door/Porch', null, 'delivered'],
    ['Delivery Attempted - No Access to Delivery Location', null, 'failure'],
    ['Notice Left (No Authorized Recipient Available)', null, 'failure'],
    ['Available for Pickup', null, 'available_for_pickup'],
    ['Return to Sender', null, 'return_to_sender'],
    ['Delivered, To Original Sender', null, 'delivered'],
    ['Shipping Label Cancelled', null, 'cancelled'],
    [null, '01', 'delivered'],
    [null, 'OF', 'out_for_delivery'],
    [null, 'MA', 'pre_transit'],
    [null, '03', 'in_transit'],
    ['Something USPS has not said before', 'ZZ', 'unknown'],
    [null, null, 'unknown'],
  ])('reads "%s" (code %s) as %s', (eventType, eventCode, status) => {
    expect(eventStatusOf({ eventType, eventCode })).toBe(status);
  });

  it.each([
    ['Pre-Shipment', 'pre_transit'],
    ['Accepted', 'in_transit'],
    ['In Transit', 'in_transit'],
    ['Out for Delivery', 'out_for_delivery'],
    ['Delivered', 'delivered'],
    ['Available for Pickup', 'available_for_pickup'],
    ['Alert', 'failure'],
    ['Delivery Attempt', 'failure'],
    ['Return to Sender', 'return_to_sender'],
  ])('reads the status category "%s" as %s', (statusCategory, status) => {
    expect(packageStatusOf({ statusCategory, status: null })).toBe(status);
  });

  it('dates an event by GMTTimestamp, else by its local time and offset, and never guesses a zone', () => {
    expect(occurredAtOf({ GMTTimestamp: '2026-11-20T21:05:00Z', eventTimestamp: '2026-11-20T15:05:00', GMTOffset: '-06:00' })).toEqual(new Date('2026-11-20T21:05:00Z'));
    expect(occurredAtOf({ GMTTimestamp: '2026-11-20T21:05:00', eventTimestamp: null, GMTOffset: null })).toEqual(new Date('2026-11-20T21:05:00Z'));
    expect(occurredAtOf({ GMTTimestamp: null, eventTimestamp: '2026-11-20T15:05:00', GMTOffset: '-06:00' })).toEqual(new Date('2026-11-20T21:05:00Z'));
    expect(occurredAtOf({ GMTTimestamp: null, eventTimestamp: '2026-11-20T15:05:00', GMTOffset: null })).toBeNull();
    expect(occurredAtOf({ GMTTimestamp: 'soon', eventTimestamp: null, GMTOffset: null })).toBeNull();
  });

  it('writes the place as CITY, ST ZIP from what USPS gave', () => {
    expect(uspsLocationOf({ eventCity: 'COLUMBUS', eventState: 'OH', eventZIP: '43215' })).toBe('COLUMBUS, OH 43215');
    expect(uspsLocationOf({ eventCity: null, eventState: null, eventZIP: null })).toBeNull();
  });

  it('turns an answer (newest first) into a report oldest first, with the category as the status', () => {
    // The Tracking OpenAPI 3.2.6 field names; USPS lists the latest scan first.
    const answer = trackingResponseSchema.parse({
      trackingNumber: '9234690361980900000265',
      statusCategory: 'Accepted',
      status: 'Accepted at USPS Origin Facility',
      trackingEvents: [
        { eventType: 'Accepted at USPS Origin Facility', eventTimestamp: '2026-11-20T15:05:00', GMTTimestamp: '2026-11-20T21:05:00Z', GMTOffset: '-06:00', eventCode: 'OA', eventCity: 'COLUMBUS', eventState: 'OH', eventZIP: '43215' },
        { eventType: 'Shipping Label Created, USPS Awaiting Item', eventTimestamp: '2026-11-20T09:00:00', GMTTimestamp: '2026-11-20T15:00:00Z', GMTOffset: '-06:00', eventCode: 'MA', eventCity: 'COLUMBUS', eventState: 'OH', eventZIP: '43215' },
        { eventType: 'Undated scan', eventTimestamp: null, GMTTimestamp: null },
      ],
    });
    expect(uspsTrackingReportOf(answer)).toEqual({
      status: 'in_transit',
      events: [
        { status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', occurredAt: new Date('2026-11-20T15:00:00Z'), location: 'COLUMBUS, OH 43215' },
        { status: 'in_transit', message: 'Accepted at USPS Origin Facility', occurredAt: new Date('2026-11-20T21:05:00Z'), location: 'COLUMBUS, OH 43215' },
      ],
    });
  });

  it("falls back to the latest event's status when USPS gives no category", () => {
    const answer = trackingResponseSchema.parse({ trackingNumber: '1', trackingEvents: [{ eventType: 'Out for Delivery', GMTTimestamp: '2026-11-21T12:00:00Z' }] });
    expect(uspsTrackingReportOf(answer).status).toBe('out_for_delivery');
    expect(uspsTrackingReportOf(trackingResponseSchema.parse({ trackingNumber: '1' }))).toEqual({ status: 'unknown', events: [] });
  });
});

describe('USPS refund settlement (no refund-status API)', () => {
  const requestedAt = new Date('2026-11-01T12:00:00Z');
  const day = (n: number) => new Date(requestedAt.getTime() + n * 86_400_000);
  const created: TrackingReport = { status: 'pre_transit', events: [{ status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', occurredAt: requestedAt, location: null }] };
  const scanned: TrackingReport = { status: 'in_transit', events: [...created.events, { status: 'in_transit', message: 'Accepted at USPS Origin Facility', occurredAt: day(1), location: null }] };

  it('stays pending until the settle days have passed, whatever tracking says', () => {
    expect(uspsRefundCheckOf(requestedAt, day(20.9), 21, scanned)).toEqual({ kind: 'refund_pending' });
  });

  it('refunds a label never scanned past "label created", and rejects a used one in plain words', () => {
    expect(uspsRefundCheckOf(requestedAt, day(21), 21, created)).toEqual({ kind: 'refunded' });
    expect(uspsRefundCheckOf(requestedAt, day(21), 21, scanned)).toEqual({ kind: 'refund_rejected', reason: USPS_USED_REASON });
  });

  it('says unknown without a tracking answer', () => {
    expect(uspsRefundCheckOf(requestedAt, day(30), 21, null)).toMatchObject({ kind: 'unknown' });
  });
});
