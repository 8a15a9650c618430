import { signEasyPostPush } from '@labeldesk/testing';
import { easyPostSignatureOf, parseTrackerUpdated, verifyEasyPostPush } from './easypost-push';

const secret = 'sécret-Ａ1';
const event = {
  id: 'evt_5a8a1a6d3b0a4d5c9e1f2a3b4c5d6e7f',
  object: 'Event',
  description: 'tracker.updated',
  result: {
    id: 'trk_cc81d2cf9efc41b095cdbccb9a119013',
    object: 'Tracker',
    tracking_code: '9400100110368068953068',
    status: 'in_transit',
    tracking_details: [
      { object: 'TrackingDetail', message: 'Shipping Label Created, USPS Awaiting Item', status: 'pre_transit', datetime: '2026-11-20T15:00:00Z', source: 'USPS', tracking_location: { city: null, state: null, country: null, zip: null } },
      { object: 'TrackingDetail', message: 'Accepted at USPS Origin Facility', status: 'in_transit', datetime: '2026-11-20T21:00:00Z', source: 'USPS', tracking_location: { city: 'DALLAS', state: 'TX', country: 'US', zip: '75260' } },
    ],
  },
  previous_attributes: { status: 'pre_transit' },
};
const body = JSON.stringify(event);

describe('verifyEasyPostPush', () => {
  it('accepts the signature EasyPost sends: hmac-sha256-hex= and the hex HMAC of the raw body', () => {
    expect(verifyEasyPostPush(body, easyPostSignatureOf(body, secret), secret)).toBe(true);
    // Computed independently by the fake: the two agree.
    expect(signEasyPostPush(body, secret)).toBe(easyPostSignatureOf(body, secret));
  });

  it('normalises the secret as EasyPost does (NFKD), so a composed and a decomposed secret verify alike', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(verifyEasyPostPush(body, signEasyPostPush(body, composed), decomposed)).toBe(true);
  });

  it('accepts upper-case hex and surrounding spaces', () => {
    const signature = easyPostSignatureOf(body, secret);
    expect(verifyEasyPostPush(body, ` hmac-sha256-hex=${signature.slice('hmac-sha256-hex='.length).toUpperCase()} `, secret)).toBe(true);
  });

  it('refuses a body changed by one byte, another secret, or a signature of another body', () => {
    const signature = easyPostSignatureOf(body, secret);
    expect(verifyEasyPostPush(`${body} `, signature, secret)).toBe(false);
    expect(verifyEasyPostPush(body, signature, 'other-secret')).toBe(false);
    expect(verifyEasyPostPush(body, easyPostSignatureOf('{}', secret), secret)).toBe(false);
  });

  it.each([
    ['no header', null],
    ['an empty header', ''],
    ['the bare hex without its prefix', easyPostSignatureOf(body, secret).slice('hmac-sha256-hex='.length)],
    ['another scheme', `sha1=${'0'.repeat(40)}`],
    ['a short digest', 'hmac-sha256-hex=abcd'],
    ['non-hex characters', `hmac-sha256-hex=${'z'.repeat(64)}`],
  ])('refuses %s', (_, header) => {
    expect(verifyEasyPostPush(body, header, secret)).toBe(false);
  });

  it('refuses everything when no secret is configured', () => {
    expect(verifyEasyPostPush(body, easyPostSignatureOf(body, ''), '')).toBe(false);
  });
});

describe('parseTrackerUpdated', () => {
  it('reads the event id, the tracking code and the report, oldest event first', () => {
    expect(parseTrackerUpdated(body)).toEqual({
      eventId: event.id,
      trackingCode: '9400100110368068953068',
      report: {
        status: 'in_transit',
        events: [
          { status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', occurredAt: new Date('2026-11-20T15:00:00Z'), location: null },
          { status: 'in_transit', message: 'Accepted at USPS Origin Facility', occurredAt: new Date('2026-11-20T21:00:00Z'), location: 'DALLAS, TX 75260' },
        ],
      },
    });
  });

  it('answers null for other events, other objects and anything that is not an event', () => {
    expect(parseTrackerUpdated(JSON.stringify({ ...event, description: 'batch.updated' }))).toBeNull();
    expect(parseTrackerUpdated(JSON.stringify({ ...event, result: { ...event.result, object: 'Shipment' } }))).toBeNull();
    expect(parseTrackerUpdated(JSON.stringify({ ...event, id: 'not-an-event' }))).toBeNull();
    expect(parseTrackerUpdated('not json')).toBeNull();
    expect(parseTrackerUpdated('[]')).toBeNull();
  });
});
