import { CarrierAlerts } from '../alerts/carrier-alerts';
import type { CarrierAlertsRepository } from '../alerts/carrier-alerts.repository';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { CarrierId, PurchaseOutcome } from '../carrier.port';
import { CarrierRegistry } from '../registry/carrier-registry';
import { MemoryPurchaseJournal } from '../testing/memory-purchase-journal';
import { labelFrom, lostAnswer, notAttempted, refusal, ScriptedCarrier, sellsTheLabel, uspsShippingServices } from '../testing/scripted-carrier';
import { aShipment } from '../testing/shipments';
import { IN_FLIGHT_MS, LabelPurchaser } from './label-purchaser';
import type { PurchaseJournalRepository, PurchaseRecord } from './purchase-journal.repository';

const shipment = aShipment();

const purchaserOf = (carriers: ScriptedCarrier[], journal = new MemoryPurchaseJournal()) => ({
  purchaser: new LabelPurchaser(new CarrierRegistry(carriers), journal as unknown as PurchaseJournalRepository),
  journal,
});

const boughtFrom = (outcome: PurchaseOutcome): CarrierId => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label.carrier;
};

const earlierAttempt = (overrides: Partial<PurchaseRecord> & Pick<PurchaseRecord, 'idempotencyKey' | 'carrier' | 'state'>): PurchaseRecord => ({
  attemptId: randomUUID(),
  refs: {},
  aliveAt: new Date(Date.now() - 10 * 60_000),
  ...overrides,
});

/** A journal where another worker starts its own attempt right after this one looked the key up. */
class RacedByAnotherWorker extends MemoryPurchaseJournal {
  constructor(private readonly replacing: string | null) {
    super();
  }

  override async find(idempotencyKey: string): Promise<PurchaseRecord | null> {
    const seen = await super.find(idempotencyKey);
    await this.begin(idempotencyKey, 'easypost', this.replacing);
    return seen;
  }
}

class LookUpsCounted extends MemoryPurchaseJournal {
  lookUps = 0;

  override async find(idempotencyKey: string): Promise<PurchaseRecord | null> {
    this.lookUps++;
    return super.find(idempotencyKey);
  }
}

describe('LabelPurchaser', () => {
  beforeAll(() => Logger.overrideLogger(false));

  let key: string;
  let easypost: ScriptedCarrier;
  let usps: ScriptedCarrier;

  beforeEach(() => {
    key = `item-${randomUUID()}`;
    easypost = new ScriptedCarrier('easypost');
    usps = new ScriptedCarrier('usps');
  });

  describe('a new idempotency key', () => {
    it('buys from the first carrier and journals the attempt there as bought, with the ids the carrier handed out', async () => {
      easypost.onPurchase(sellsTheLabel('easypost'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      const outcome = await purchaser.buy(shipment, key);

      expect(outcome).toEqual({ kind: 'bought', label: labelFrom('easypost', shipment, key) });
      expect(easypost.purchaseCalls).toEqual([expect.objectContaining({ shipment, idempotencyKey: key })]);
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'bought', refs: { easypostId: `easypost-${key}` } });
    });

    it('fails over to the next carrier when the first provably bought nothing, and the journal names the second', async () => {
      easypost.onPurchase(notAttempted());
      usps.onPurchase(sellsTheLabel('usps'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(boughtFrom(await purchaser.buy(shipment, key))).toBe('usps');
      expect(journal.begun.map((attempt) => attempt.carrier)).toEqual(['easypost', 'usps']);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'bought', refs: { uspsId: `usps-${key}` } });
    });

    it('tells the carrier alerts what each carrier it asked answered', async () => {
      easypost.onPurchase({ kind: 'not_attempted', reason: 'upstream_funds', message: 'EasyPost: insufficient funds' });
      usps.onPurchase(sellsTheLabel('usps'));
      const note = jest.fn();
      const purchaser = new LabelPurchaser(new CarrierRegistry([easypost, usps]), new MemoryPurchaseJournal() as unknown as PurchaseJournalRepository, { note } as unknown as CarrierAlerts);

      expect(boughtFrom(await purchaser.buy(shipment, key))).toBe('usps');
      expect(note.mock.calls.map(([carrier, outcome]: [CarrierId, PurchaseOutcome]) => [carrier, outcome.kind])).toEqual([['easypost', 'not_attempted'], ['usps', 'bought']]);
    });

    it('ends with the refusal when the first carrier refuses the shipment, without asking the next one', async () => {
      easypost.onPurchase(refusal('The address was not found'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'refused', message: 'The address was not found' });
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'refused' });
    });

    it('ends with unknown when the answer to the buy is lost, and never asks the next carrier', async () => {
      easypost.onPurchase(lostAnswer('easypost: no answer after the buy was sent'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'unknown', message: 'easypost: no answer after the buy was sent' });
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'unknown' });
    });

    it('answers unknown, and does not fail over, when an adapter throws mid-purchase', async () => {
      easypost.onPurchase(() => {
        throw new TypeError('Cannot read properties of undefined');
      });
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'unknown', message: 'The carrier did not confirm the label' });
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'unknown' });
    });

    it('answers the last carrier\'s "not attempted" when no carrier bought anything, and journals it so', async () => {
      easypost.onPurchase(notAttempted('easypost: 503'));
      usps.onPurchase({ kind: 'not_attempted', reason: 'rate_limited', message: 'usps: 429', retryAfterMs: 3_600_000 });
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'not_attempted', reason: 'rate_limited', message: 'usps: 429', retryAfterMs: 3_600_000 });
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'not_attempted' });
    });

    it('passes over a carrier that does not offer the service, without asking it', async () => {
      const groundOnly = new ScriptedCarrier('easypost', { shippingServices: uspsShippingServices().filter((shippingService) => shippingService.uid === 'usps_ground_advantage') });
      usps.onPurchase(sellsTheLabel('usps'));
      const { purchaser, journal } = purchaserOf([groundOnly, usps]);

      expect(boughtFrom(await purchaser.buy(aShipment({ serviceUid: 'usps_priority_express' }), key))).toBe('usps');
      expect(groundOnly.purchaseCalls).toHaveLength(0);
      expect(journal.begun.map((attempt) => attempt.carrier)).toEqual(['usps']);
    });

    it('passes over a carrier whose profile lacks the label format asked for, without asking it', async () => {
      const zplToo = new ScriptedCarrier('usps', { labelFormats: ['PDF', 'ZPL'] });
      zplToo.onPurchase(sellsTheLabel('usps'));
      const { purchaser, journal } = purchaserOf([easypost, zplToo]);

      const outcome = await purchaser.buy(aShipment({ format: 'ZPL' }), key);
      expect(outcome).toMatchObject({ kind: 'bought', label: { carrier: 'usps', format: 'ZPL' } });
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(journal.begun.map((attempt) => attempt.carrier)).toEqual(['usps']);
    });

    it('refuses a ZPL label when no configured carrier makes ZPL, and journals nothing', async () => {
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(aShipment({ format: 'ZPL' }), key)).toEqual({ kind: 'refused', message: 'No carrier sells usps_priority as a ZPL label' });
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(journal.begun).toHaveLength(0);
    });

    it('buys a label in USPS packaging only from a carrier that sells packaging, and refuses it when none does', async () => {
      const inEnvelope = { ...shipment, package: { ...shipment.package, packaging: 'flat_rate_envelope' as const } };
      const packaging = new ScriptedCarrier('sandbox', { sellsPackaging: true });
      packaging.onPurchase(sellsTheLabel('sandbox'));
      const { purchaser, journal } = purchaserOf([easypost, packaging]);

      expect(boughtFrom(await purchaser.buy(inEnvelope, key))).toBe('sandbox');
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(journal.begun.map((attempt) => attempt.carrier)).toEqual(['sandbox']);

      const none = purchaserOf([easypost, usps]);
      expect(await none.purchaser.buy(inEnvelope, `other-${key}`)).toEqual({
        kind: 'refused',
        message: 'No carrier here sells usps_priority in that packaging (flat_rate_envelope): buy it for your own box instead',
      });
      expect(none.journal.begun).toHaveLength(0);
    });

    it('refuses a service that no configured carrier sells, and journals nothing', async () => {
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      expect(await purchaser.buy(aShipment({ serviceUid: 'ups_ground' }), key)).toEqual({ kind: 'refused', message: 'No carrier sells ups_ground' });
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(journal.begun).toHaveLength(0);
    });

    it('answers unknown and asks no carrier when another worker began this purchase a moment before', async () => {
      const { purchaser, journal } = purchaserOf([easypost, usps]);
      await journal.begin(key, 'easypost', null);

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'unknown', message: 'The carrier has not answered about this label yet' });
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(usps.purchaseCalls).toHaveLength(0);
    });

    it('begins a new key at once, without looking it up first', async () => {
      easypost.onPurchase(sellsTheLabel('easypost'));
      const journal = new LookUpsCounted();
      const { purchaser } = purchaserOf([easypost, usps], journal);

      expect((await purchaser.buy(shipment, key)).kind).toBe('bought');
      expect(journal.lookUps).toBe(0);
    });
  });

  describe('the next purchase with a key whose answer was lost', () => {
    const lostAtTheSecondCarrier = async () => {
      easypost.onPurchase(notAttempted());
      usps.onPurchase(async ({ journal }) => {
        await journal.remember({ uspsId: `usps-${key}` });
        return lostAnswer();
      });
      const bought = purchaserOf([easypost, usps]);
      expect((await bought.purchaser.buy(shipment, key)).kind).toBe('unknown');
      expect(await bought.journal.find(key)).toMatchObject({ carrier: 'usps', state: 'unknown' });
      return bought;
    };

    it('asks only the carrier that was asked, with the ids it handed out, and answers the label it finds', async () => {
      const { purchaser, journal } = await lostAtTheSecondCarrier();
      const found: PurchaseOutcome = { kind: 'bought', label: labelFrom('usps', shipment, key) };
      usps.onResolve(found);

      expect(await purchaser.buy(shipment, key)).toEqual(found);
      expect(usps.resolveCalls).toEqual([{ shipment, idempotencyKey: key, refs: { uspsId: `usps-${key}` } }]);
      expect(easypost.resolveCalls).toHaveLength(0);
      expect(easypost.purchaseCalls).toHaveLength(1);
      expect(usps.purchaseCalls).toHaveLength(1);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'bought' });
    });

    it('buys again, from the first carrier in order, when the carrier that was asked says nothing was bought', async () => {
      const { purchaser, journal } = await lostAtTheSecondCarrier();
      usps.onResolve(notAttempted('no label for this key'));
      easypost.onPurchase(sellsTheLabel('easypost'));

      expect(boughtFrom(await purchaser.buy(shipment, key))).toBe('easypost');
      expect(easypost.resolveCalls).toHaveLength(0);
      expect(usps.purchaseCalls).toHaveLength(1);
      expect(journal.begun.map((attempt) => attempt.carrier)).toEqual(['easypost', 'usps', 'easypost']);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'bought', refs: { easypostId: `easypost-${key}` } });
    });

    it('stays unknown while the carrier still cannot say, and buys nothing', async () => {
      const { purchaser, journal } = await lostAtTheSecondCarrier();
      usps.onResolve(lostAnswer('still no answer'));

      expect(await purchaser.buy(shipment, key)).toEqual({ kind: 'unknown', message: 'still no answer' });
      expect(easypost.purchaseCalls).toHaveLength(1);
      expect(usps.purchaseCalls).toHaveLength(1);
      expect(journal.begun).toHaveLength(2);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'unknown', refs: { uspsId: `usps-${key}` } });
    });

    it('stays unknown when asking the carrier throws', async () => {
      const { purchaser, journal } = await lostAtTheSecondCarrier();
      usps.onResolve(() => {
        throw new Error('socket hang up');
      });

      expect((await purchaser.buy(shipment, key)).kind).toBe('unknown');
      expect(journal.begun).toHaveLength(2);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'unknown' });
    });

    it('answers unknown without asking anyone when the carrier that was asked is no longer configured', async () => {
      const journal = new MemoryPurchaseJournal();
      journal.put(earlierAttempt({ idempotencyKey: key, carrier: 'usps', state: 'unknown', refs: { uspsId: 'x' } }));
      easypost.onEveryPurchase(sellsTheLabel('easypost'));
      const { purchaser } = purchaserOf([easypost], journal);

      const outcome = await purchaser.buy(shipment, key);

      expect(outcome).toEqual({ kind: 'unknown', message: expect.stringContaining('usps') });
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(easypost.resolveCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'unknown' });
    });
  });

  describe('a key whose purchase was sent but never answered (a crash, or another worker)', () => {
    it('answers unknown without asking anyone while the worker that sent the purchase showed a sign of life less than IN_FLIGHT_MS ago', async () => {
      const journal = new MemoryPurchaseJournal();
      journal.put(earlierAttempt({ idempotencyKey: key, carrier: 'easypost', state: 'sent', aliveAt: new Date(Date.now() - IN_FLIGHT_MS + 10_000) }));
      const { purchaser } = purchaserOf([easypost, usps], journal);

      expect((await purchaser.buy(shipment, key)).kind).toBe('unknown');
      expect([...easypost.purchaseCalls, ...easypost.resolveCalls, ...usps.purchaseCalls, ...usps.resolveCalls]).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ state: 'sent' });
    });

    it('asks the carrier that was asked once the worker that sent the purchase has shown no sign of life for IN_FLIGHT_MS', async () => {
      const journal = new MemoryPurchaseJournal();
      journal.put(earlierAttempt({ idempotencyKey: key, carrier: 'usps', state: 'sent', aliveAt: new Date(Date.now() - IN_FLIGHT_MS - 1_000), refs: { uspsId: 'u-1' } }));
      const found: PurchaseOutcome = { kind: 'bought', label: labelFrom('usps', shipment, key) };
      usps.onResolve(found);
      const { purchaser } = purchaserOf([easypost, usps], journal);

      expect(await purchaser.buy(shipment, key)).toEqual(found);
      expect(usps.resolveCalls).toEqual([expect.objectContaining({ refs: { uspsId: 'u-1' } })]);
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'bought' });
    });
  });

  describe('a key whose last attempt bought nothing', () => {
    it.each(['not_attempted', 'refused'] as const)('after %s, buys again from the first carrier in order, replacing that attempt', async (state) => {
      const journal = new MemoryPurchaseJournal();
      journal.put(earlierAttempt({ idempotencyKey: key, carrier: 'usps', state }));
      easypost.onPurchase(sellsTheLabel('easypost'));
      const { purchaser } = purchaserOf([easypost, usps], journal);

      expect(boughtFrom(await purchaser.buy(shipment, key))).toBe('easypost');
      expect(usps.resolveCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'bought' });
    });

    it('answers unknown and asks no carrier when another worker replaced that attempt first', async () => {
      const previous = earlierAttempt({ idempotencyKey: key, carrier: 'easypost', state: 'not_attempted' });
      const journal = new RacedByAnotherWorker(previous.attemptId);
      journal.put(previous);
      const { purchaser } = purchaserOf([easypost, usps], journal);

      expect((await purchaser.buy(shipment, key)).kind).toBe('unknown');
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(journal.begun).toHaveLength(1);
    });
  });

  describe('a purchase whose bought label the caller settles with what it stores (bulk)', () => {
    it('leaves the attempt that bought the label sent, and hands it over to be settled', async () => {
      easypost.onPurchase(sellsTheLabel('easypost'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      const { outcome, unsettled } = await purchaser.buyLeavingBoughtUnsettled(shipment, key);

      expect(boughtFrom(outcome)).toBe('easypost');
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'sent' });
      expect(unsettled).toMatchObject({ idempotencyKey: key, attemptId: (await journal.find(key))?.attemptId });
    });

    it('settles what was not bought itself, and hands nothing over', async () => {
      easypost.onPurchase(notAttempted());
      usps.onPurchase(refusal('no such ZIP Code'));
      const { purchaser, journal } = purchaserOf([easypost, usps]);

      const { outcome, unsettled } = await purchaser.buyLeavingBoughtUnsettled(shipment, key);

      expect(outcome.kind).toBe('refused');
      expect(unsettled).toBeNull();
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'refused' });
    });

    it('asks the same carrier about an attempt left unsettled once it has gone quiet, and settles the label it finds', async () => {
      easypost.onPurchase(sellsTheLabel('easypost'));
      const journal = new MemoryPurchaseJournal();
      const { purchaser } = purchaserOf([easypost, usps], journal);
      const first = await purchaser.buyLeavingBoughtUnsettled(shipment, key);
      // The caller never stored it (a crash): the attempt stays sent until it has been quiet for IN_FLIGHT_MS.
      journal.put({ ...first.unsettled!, aliveAt: new Date(Date.now() - IN_FLIGHT_MS - 1) });
      easypost.onResolve(first.outcome);

      const again = await purchaser.buyLeavingBoughtUnsettled(shipment, key);

      expect(again).toEqual({ outcome: first.outcome, unsettled: null });
      expect(easypost.purchaseCalls).toHaveLength(1);
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'easypost', state: 'bought' });
    });
  });

  describe('a success the carrier gave that we could not read', () => {
    const unreadable: PurchaseOutcome = { kind: 'unknown', message: 'USPS answered the purchase with a label we could not read', unreadable: true };
    const alertsOf = () => {
      const repository = { raise: jest.fn(async () => undefined), clear: jest.fn(async () => undefined) };
      return { repository, alerts: new CarrierAlerts(repository as unknown as CarrierAlertsRepository) };
    };
    const flushed = () => new Promise((resolve) => setImmediate(resolve));

    it('alerts the operator, naming the label, and neither fails over nor buys again', async () => {
      usps.onPurchase(unreadable);
      const { repository, alerts } = alertsOf();
      const journal = new MemoryPurchaseJournal();
      const purchaser = new LabelPurchaser(new CarrierRegistry([usps, easypost]), journal as unknown as PurchaseJournalRepository, alerts);

      expect(await purchaser.buy(shipment, key)).toEqual(unreadable);
      await flushed();

      expect(repository.raise).toHaveBeenCalledWith('usps', 'unreadable_answer', `The purchase of the label of order ${key}: USPS answered the purchase with a label we could not read`);
      expect(easypost.purchaseCalls).toHaveLength(0);
      expect(await journal.find(key)).toMatchObject({ carrier: 'usps', state: 'unknown' });
    });

    it('alerts the operator when the answer to the question what became of a lost purchase cannot be read either', async () => {
      const journal = new MemoryPurchaseJournal();
      journal.put(earlierAttempt({ idempotencyKey: key, carrier: 'usps', state: 'unknown', refs: { uspsId: 'x' } }));
      usps.onResolve(unreadable);
      const { repository, alerts } = alertsOf();
      const purchaser = new LabelPurchaser(new CarrierRegistry([usps, easypost]), journal as unknown as PurchaseJournalRepository, alerts);

      expect(await purchaser.buy(shipment, key)).toEqual(unreadable);
      await flushed();

      expect(repository.raise).toHaveBeenCalledWith('usps', 'unreadable_answer', expect.stringContaining(key));
      expect(usps.purchaseCalls).toHaveLength(0);
      expect(easypost.purchaseCalls).toHaveLength(0);
    });
  });
});
