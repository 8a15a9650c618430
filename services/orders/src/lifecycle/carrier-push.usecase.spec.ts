import { signEasyPostPush as easyPostSignatureOf } from '@labeldesk/testing';
import type { OrdersEnvWithCarriers } from '../carriers';
import { CarrierPushUseCase } from './carrier-push.usecase';
import type { LabelTrackingRepository } from './label-tracking.repository';
import type { TrackingRefresh } from './tracking-refresh';

const secret = 'whsec-for-tests';
const trackingCode = '9400100110368068953068';
const body = JSON.stringify({
  id: 'evt_5a8a1a6d3b0a4d5c9e1f2a3b4c5d6e7f',
  object: 'Event',
  description: 'tracker.updated',
  result: {
    id: 'trk_cc81d2cf9efc41b095cdbccb9a119013',
    object: 'Tracker',
    tracking_code: trackingCode,
    status: 'in_transit',
    tracking_details: [
      { object: 'TrackingDetail', message: 'Accepted at USPS Origin Facility', status: 'in_transit', datetime: '2026-11-20T21:00:00Z', source: 'USPS', tracking_location: { city: 'DALLAS', state: 'TX', country: 'US', zip: '75260' } },
    ],
  },
});

/** Orders' database as the use case touches it: the event ids it has seen, by carrier. */
const seenEvents = () => {
  const seen = new Set<string>();
  const execute = jest.fn(async (_sql: string, [source, eventId]: [string, string]) => {
    const key = `${source}/${eventId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ event_id: eventId }];
  });
  return { seen, orm: { em: { getConnection: () => ({ execute }) }, config: { get: () => 'orders' } } };
};

const useCase = () => {
  const { seen, orm } = seenEvents();
  const labels = {
    labelsByTrackingNumber: jest.fn(async () => [
      { kind: 'single' as const, labelId: 'l-easypost', carrier: 'easypost' as const },
      { kind: 'bulk' as const, labelId: 'l-usps', carrier: 'usps' as const },
    ]),
  };
  const refresh = { record: jest.fn(async () => ({})) };
  const settings = { EASYPOST_WEBHOOK_SECRET: secret } as unknown as OrdersEnvWithCarriers;
  const pushes = new CarrierPushUseCase(orm as never, labels as unknown as LabelTrackingRepository, refresh as unknown as TrackingRefresh, settings);
  return { pushes, refresh, seen };
};

describe('CarrierPushUseCase', () => {
  it("records a signed push on that carrier's labels only, once per event id", async () => {
    const { pushes, refresh, seen } = useCase();
    const headers = { 'x-hmac-signature': easyPostSignatureOf(body, secret) };

    await expect(pushes.receive('easypost', body, headers)).resolves.toBe(true);
    await expect(pushes.receive('easypost', body, headers)).resolves.toBe(true);

    expect(refresh.record).toHaveBeenCalledTimes(1);
    expect(refresh.record).toHaveBeenCalledWith(expect.objectContaining({ labelId: 'l-easypost', carrier: 'easypost', trackingNumber: trackingCode }), expect.objectContaining({ status: 'in_transit' }));
    expect([...seen]).toEqual(['easypost/evt_5a8a1a6d3b0a4d5c9e1f2a3b4c5d6e7f']);
  });

  it('refuses a push with a wrong or missing signature, recording nothing', async () => {
    const { pushes, refresh, seen } = useCase();
    await expect(pushes.receive('easypost', body, { 'x-hmac-signature': easyPostSignatureOf(body, 'another secret') })).resolves.toBe(false);
    await expect(pushes.receive('easypost', body, {})).resolves.toBe(false);
    expect(refresh.record).not.toHaveBeenCalled();
    expect(seen.size).toBe(0);
  });

  it('refuses a push to a carrier that takes none, even one signed with a secret it knows', async () => {
    const { pushes, refresh } = useCase();
    await expect(pushes.receive('usps', body, { 'x-hmac-signature': easyPostSignatureOf(body, secret) })).resolves.toBe(false);
    await expect(pushes.receive('sandbox', body, { 'x-hmac-signature': easyPostSignatureOf(body, secret) })).resolves.toBe(false);
    expect(refresh.record).not.toHaveBeenCalled();
  });
});
