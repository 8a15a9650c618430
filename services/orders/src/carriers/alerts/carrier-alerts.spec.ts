import type { PurchaseOutcome } from '../carrier.port';
import { CarrierAlerts } from './carrier-alerts';
import type { CarrierAlertsRepository } from './carrier-alerts.repository';

const repository = () => ({
  raise: jest.fn(async (_carrier: string, _reason: string, _message: string) => undefined),
  raisePriceBelowCost: jest.fn(async (_carrier: string, _serviceUid: string, _message: string) => undefined),
  clear: jest.fn(async (_carrier: string) => undefined),
  list: jest.fn(),
});
const noFunds: PurchaseOutcome = { kind: 'not_attempted', reason: 'upstream_funds', message: 'EasyPost: insufficient funds' };
const circuitOpen: PurchaseOutcome = { kind: 'not_attempted', reason: 'circuit_open', message: 'EasyPost is not answering; it is left alone for a while' };
const unreadable: PurchaseOutcome = { kind: 'unknown', message: 'USPS answered the purchase with a label we could not read', unreadable: true };
const KEY = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';
const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('CarrierAlerts', () => {
  it('raises an alert for no funds upstream and for an open circuit, naming the carrier and its words', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    notes.note('easypost', noFunds, KEY);
    notes.note('usps', circuitOpen, KEY);
    await flushed();
    expect(alerts.raise.mock.calls).toEqual([
      ['easypost', 'upstream_funds', 'EasyPost: insufficient funds'],
      ['usps', 'unavailable', 'EasyPost is not answering; it is left alone for a while'],
    ]);
  });

  it('raises nothing for a refusal, a lost answer, a 429 or a single outage: they are not an admin\'s to act on', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    notes.note('easypost', { kind: 'refused', message: 'Address not found' }, KEY);
    notes.note('easypost', { kind: 'unknown', message: 'no answer' }, KEY);
    notes.note('easypost', { kind: 'not_attempted', reason: 'rate_limited', message: '429', retryAfterMs: 1000 }, KEY);
    notes.note('easypost', { kind: 'not_attempted', reason: 'unavailable', message: '503' }, KEY);
    await flushed();
    expect(alerts.raise).not.toHaveBeenCalled();
    expect(alerts.clear).not.toHaveBeenCalled();
  });

  it("raises a price alert for a label refused because its cost was over the customer's price, and clears nothing", async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    notes.note('easypost', { kind: 'refused', message: 'UPS Ground is not sold at your price', belowCost: { serviceUid: 'ups_ground', costCents: 1_532, priceCents: 1_200 } }, KEY);
    await flushed();
    expect(alerts.raisePriceBelowCost.mock.calls).toEqual([['easypost', 'ups_ground', 'UPS Ground cost $15.32 for a label a customer was to pay $12.00 for: it was not bought. Raise that price list.']]);
    expect(alerts.raise).not.toHaveBeenCalled();
    expect(alerts.clear).not.toHaveBeenCalled();
  });

  it('writes the same alert once per ten seconds however many rows meet it, and a sale clears the carrier', async () => {
    const alerts = repository();
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    for (let i = 0; i < 50; i++) notes.note('easypost', noFunds, KEY);
    notes.note('easypost', { kind: 'bought', label: { carrier: 'easypost', trackingNumber: '9400100000000000000000', serviceUid: 'usps_priority', format: 'PDF', file: Buffer.from('%PDF-'), costCents: 800, carrierRefs: {} } }, KEY);
    await flushed();
    expect(alerts.raise).toHaveBeenCalledTimes(1);
    expect(alerts.clear).toHaveBeenCalledWith('easypost');
  });

  it('never lets a failed write reach the purchase, and tries the write again next time', async () => {
    const alerts = repository();
    alerts.raise.mockRejectedValueOnce(new Error('database away'));
    const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
    expect(() => notes.note('easypost', noFunds, KEY)).not.toThrow();
    await flushed();
    notes.note('easypost', noFunds, KEY);
    await flushed();
    expect(alerts.raise).toHaveBeenCalledTimes(2);
  });

  describe('answers we could not read', () => {
    it('raises an unreadable-answer alert for a purchase the carrier answered with a success we could not read, naming the order', async () => {
      const alerts = repository();
      new CarrierAlerts(alerts as unknown as CarrierAlertsRepository).note('usps', unreadable, KEY);
      await flushed();
      expect(alerts.raise.mock.calls).toEqual([['usps', 'unreadable_answer', `The purchase of the label of order ${KEY}: USPS answered the purchase with a label we could not read`]]);
    });

    it("names a batch row's label by its item id", async () => {
      const alerts = repository();
      new CarrierAlerts(alerts as unknown as CarrierAlertsRepository).note('usps', unreadable, `bulk:${KEY}`);
      await flushed();
      expect(alerts.raise).toHaveBeenCalledWith('usps', 'unreadable_answer', `The purchase of the label of batch item ${KEY}: USPS answered the purchase with a label we could not read`);
    });

    it('raises it beside a funds alert of the same carrier, in the same ten seconds', async () => {
      const alerts = repository();
      const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
      notes.note('usps', { kind: 'not_attempted', reason: 'upstream_funds', message: 'USPS: no funds' }, KEY);
      notes.note('usps', unreadable, KEY);
      await flushed();
      expect(alerts.raise.mock.calls.map(([carrier, reason]) => [carrier, reason])).toEqual([
        ['usps', 'upstream_funds'],
        ['usps', 'unreadable_answer'],
      ]);
    });

    it('raises an alert for every SCAN form the carrier may have made, with the words given', async () => {
      const alerts = repository();
      const notes = new CarrierAlerts(alerts as unknown as CarrierAlertsRepository);
      notes.unconfirmedScanForm('usps', 'SCAN form 1 of 2 labels: no answer');
      notes.unconfirmedScanForm('usps', 'SCAN form 2 of 3 labels: no answer');
      await flushed();
      expect(alerts.raise.mock.calls).toEqual([
        ['usps', 'unreadable_answer', 'SCAN form 1 of 2 labels: no answer'],
        ['usps', 'unreadable_answer', 'SCAN form 2 of 3 labels: no answer'],
      ]);
    });

    it('never lets a failed write of a SCAN form alert reach the caller', async () => {
      const alerts = repository();
      alerts.raise.mockRejectedValueOnce(new Error('database away'));
      expect(() => new CarrierAlerts(alerts as unknown as CarrierAlertsRepository).unconfirmedScanForm('usps', 'SCAN form 1: no answer')).not.toThrow();
      await flushed();
    });
  });
});
