import type { PurchaseOutcome } from '../carrier.port';
import { CarrierAlerts } from './carrier-alerts';
import type { CarrierAlertsRepository } from './carrier-alerts.repository';

const repository = () => ({ raise: jest.fn(async () => undefined), clear: jest.fn(async () => undefined), list: jest.fn() });
const noFunds: PurchaseOutcome = { kind: 'not_attempted', reason: 'upstream_funds', message: 'EasyPost: insufficient funds' };
const circuitOpen: PurchaseOutcome = { kind: 'not_attempted', reason: 'circuit_open', message: 'EasyPost is not answering; it is left alone for a while' };
const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('CarrierAlerts', () => {
  it('raises an alert for no funds upstream and for an open circuit, naming the carrier and its words', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    notes.note('easypost', noFunds);
    notes.note('usps', circuitOpen);
    await flushed();
    expect(alerts.raise.mock.calls).toEqual([
      ['easypost', 'upstream_funds', 'EasyPost: insufficient funds'],
      ['usps', 'unavailable', 'EasyPost is not answering; it is left alone for a while'],
    ]);
  });

  it('raises nothing for a refusal, a lost answer, a 429 or a single outage: they are not an admin\'s to act on', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    notes.note('easypost', { kind: 'refused', message: 'Address not found' });
    notes.note('easypost', { kind: 'unknown', message: 'no answer' });
    notes.note('easypost', { kind: 'not_attempted', reason: 'rate_limited', message: '429', retryAfterMs: 1000 });
    notes.note('easypost', { kind: 'not_attempted', reason: 'unavailable', message: '503' });
    await flushed();
    expect(alerts.raise).not.toHaveBeenCalled();
    expect(alerts.clear).not.toHaveBeenCalled();
  });

  it('writes the same alert once per ten seconds however many rows meet it, and a sale clears the carrier', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    for (let i = 0; i < 50; i++) notes.note('easypost', noFunds);
    notes.note('easypost', { kind: 'bought', label: { carrier: 'easypost', trackingNumber: '9400100000000000000000', serviceUid: 'usps_priority', format: 'PDF', file: Buffer.from('%PDF-'), costCents: 800, carrierRefs: {} } });
    await flushed();
    expect(alerts.raise).toHaveBeenCalledTimes(1);
    expect(alerts.clear).toHaveBeenCalledWith('easypost');
  });

  it('never lets a failed write reach the purchase, and tries the write again next time', async () => {
    const alerts = repository();
    alerts.raise.mockRejectedValueOnce(new Error('database away'));
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    expect(() => notes.note('easypost', noFunds)).not.toThrow();
    await flushed();
    notes.note('easypost', noFunds);
    await flushed();
    expect(alerts.raise).toHaveBeenCalledTimes(2);
  });
});
