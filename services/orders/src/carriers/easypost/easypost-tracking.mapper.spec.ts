import { locationOf, refundCheckOf, trackingReportOf, trackingStatusOf } from './easypost-tracking.mapper';
import { easyPostTrackerSchema } from './easypost.schema';

const requestedAt = new Date('2026-11-20T15:00:00Z');
const later = (hours: number) => new Date(requestedAt.getTime() + hours * 3_600_000);

describe('EasyPost refund status → refund check', () => {
  it('maps submitted, refunded and not_applicable', () => {
    expect(refundCheckOf('submitted', requestedAt, later(1))).toEqual({ kind: 'refund_pending' });
    expect(refundCheckOf('refunded', requestedAt, later(1))).toEqual({ kind: 'refunded' });
    expect(refundCheckOf('not_applicable', requestedAt, later(1))).toMatchObject({ kind: 'refund_rejected', reason: expect.stringContaining('USPS does not refund') });
  });

  it('retries a rejection for two days after the request, then rejects it for good', () => {
    expect(refundCheckOf('rejected', requestedAt, later(47.9))).toMatchObject({ kind: 'retry' });
    expect(refundCheckOf('rejected', requestedAt, later(48))).toMatchObject({ kind: 'refund_rejected' });
  });

  it('asks again when the shipment has no refund status', () => {
    expect(refundCheckOf(null, requestedAt, later(1))).toMatchObject({ kind: 'retry' });
    expect(refundCheckOf(undefined, requestedAt, later(1))).toMatchObject({ kind: 'retry' });
  });
});

describe('EasyPost tracker → tracking report', () => {
  // The shape of a recorded tracker (easypost-node cassettes): details oldest first, empty locations as nulls.
  const recorded = {
    id: 'trk_cc81d2cf9efc41b095cdbccb9a119013',
    object: 'Tracker',
    tracking_code: 'EZ2000000002',
    status: 'in_transit',
    tracking_details: [
      { object: 'TrackingDetail', message: 'Pre-Shipment Info Sent to USPS', status: 'pre_transit', datetime: '2016-02-26T20:26:41Z', source: 'USPS', tracking_location: { object: 'TrackingLocation', city: null, state: null, country: null, zip: null } },
      { object: 'TrackingDetail', message: 'Shipping Label Created', status: 'pre_transit', datetime: '2016-02-27T09:03:41Z', source: 'USPS', tracking_location: { object: 'TrackingLocation', city: 'HOUSTON', state: 'TX', country: null, zip: '77063' } },
      { object: 'TrackingDetail', message: 'Arrived at USPS Origin Facility', status: 'in_transit', datetime: '2016-02-27T19:08:41Z', source: 'USPS', tracking_location: { object: 'TrackingLocation', city: 'NORTH HOUSTON', state: 'TX', country: null, zip: '77315' } },
    ],
  };

  it('keeps the status, the messages, the times and the places, oldest first', () => {
    const report = trackingReportOf(easyPostTrackerSchema.parse(recorded));
    expect(report).toEqual({
      status: 'in_transit',
      events: [
        { status: 'pre_transit', message: 'Pre-Shipment Info Sent to USPS', occurredAt: new Date('2016-02-26T20:26:41Z'), location: null },
        { status: 'pre_transit', message: 'Shipping Label Created', occurredAt: new Date('2016-02-27T09:03:41Z'), location: 'HOUSTON, TX 77063' },
        { status: 'in_transit', message: 'Arrived at USPS Origin Facility', occurredAt: new Date('2016-02-27T19:08:41Z'), location: 'NORTH HOUSTON, TX 77315' },
      ],
    });
  });

  it('sorts details given newest first, drops unreadable dates, and reads an unheard-of status as unknown', () => {
    const tracker = easyPostTrackerSchema.parse({
      ...recorded,
      status: 'teleported',
      tracking_details: [recorded.tracking_details[2], { ...recorded.tracking_details[0], datetime: 'yesterday' }, recorded.tracking_details[1]],
    });
    const report = trackingReportOf(tracker);
    expect(report.status).toBe('unknown');
    expect(report.events.map((event) => event.message)).toEqual(['Shipping Label Created', 'Arrived at USPS Origin Facility']);
  });

  it('maps every one of EasyPost’s ten statuses to itself and anything else to unknown', () => {
    for (const status of ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure', 'cancelled', 'error', 'unknown']) {
      expect(trackingStatusOf(status)).toBe(status);
    }
    expect(trackingStatusOf(null)).toBe('unknown');
    expect(trackingStatusOf('IN_TRANSIT')).toBe('unknown');
  });

  it('writes a place from whatever parts EasyPost gave', () => {
    expect(locationOf({ city: 'HOUSTON', state: 'TX', zip: '77063' })).toBe('HOUSTON, TX 77063');
    expect(locationOf({ city: null, state: 'TX', zip: null })).toBe('TX');
    expect(locationOf({ city: 'HOUSTON', state: null, zip: null })).toBe('HOUSTON');
    expect(locationOf({ city: null, state: null, zip: null })).toBeNull();
    expect(locationOf(null)).toBeNull();
  });
});
