import { randomUUID } from 'node:crypto';
import type { CarrierAdapter, VoidOutcome } from '../src/carriers/carrier.port';
import { CarrierRegistry } from '../src/carriers/registry/carrier-registry';
import { ScriptedCarrier } from '../src/carriers/testing/scripted-carrier';
import type { OrdersEnv } from '../src/config/env.schema';
import type { BulkOrdersRepository } from '../src/bulk/bulk-orders.repository';
import type { OrderRepository } from '../src/orders/order.repository';
import { underJobLock } from '../src/lifecycle/job-lock';
import { LabelTrackingRepository } from '../src/lifecycle/label-tracking.repository';
import { LabelManifestsRepository } from '../src/lifecycle/label-manifests.repository';
import { LabelVoidsRepository, type LabelVoid } from '../src/lifecycle/label-voids.repository';
import type { RefundCredit } from '../src/lifecycle/refund-credit';
import { RefundReconciler } from '../src/lifecycle/refund-reconciler';
import { TrackingRefresh } from '../src/lifecycle/tracking-refresh';
import { VoidLabelUseCase } from '../src/lifecycle/void-label.usecase';
import type { VoidStamper } from '../src/lifecycle/void-stamp';
import { VoidSettlement } from '../src/lifecycle/void-settlement';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';
import { EVERY_OWNER } from '@labeldesk/nest-transport';

const PRICE = 850;
const ENV = { VOID_WINDOW_DAYS: 28, REFUND_RECONCILE_SECONDS: 1, TRACKING_REFRESH_SECONDS: 60, CARRIER_TIMEOUT_MS: 20_000 } as OrdersEnv;

/** The ledger as orders sees it: credits asked, by key; it can be told to fail the next ones. */
class LedgerCredits {
  readonly asked: string[] = [];
  failing = 0;
  async credit(v: LabelVoid): Promise<void> {
    this.asked.push(`${v.kind}:${v.labelId}:${v.amountCents}:${v.chargeKey}`);
    if (this.failing > 0) {
      this.failing--;
      throw new Error('payments did not answer');
    }
  }
}

/** One orders replica's lifecycle, over its own ORM, with the carrier and the ledger given. */
const replicaOf = (orm: OrdersDatabase['orm'], carrier: CarrierAdapter, credits: LedgerCredits) => {
  const voids = new LabelVoidsRepository(orm);
  const registry = new CarrierRegistry([carrier]);
  const stamper = { stamp: async () => undefined } as unknown as VoidStamper;
  const settlement = new VoidSettlement(voids, credits as unknown as RefundCredit, stamper, registry, ENV, new LabelManifestsRepository(orm));
  const refresh = new TrackingRefresh(new LabelTrackingRepository(orm), registry, ENV);
  // voidOne needs neither orders nor batches: those are for the routes' ownership checks.
  const voider = new VoidLabelUseCase(voids, settlement, refresh, null as unknown as OrderRepository, null as unknown as BulkOrdersRepository, ENV);
  return { voids, settlement, voider, reconciler: new RefundReconciler(voids, settlement, ENV) };
};

/** The void, claim and reconcile steps against the real PostgreSQL server, with two replicas sharing one database. */
describe('label voids on PostgreSQL', () => {
  let db: OrdersDatabase;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_voids_it');
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  /** A completed single order with a USPS label bought `daysAgo` days ago. */
  const boughtLabel = async (daysAgo = 0) => {
    const id = randomUUID();
    const userId = randomUUID();
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "carrier", "carrier_refs", "label_bought_at")
       values (?, ?, ?, 'hash', 'completed', 'USPS Priority Mail', 'usps', '{"sender_name":"Ann"}', '{"receiver_name":"Bob"}', '{}', ?, ?, 'usps', '{"sku":"DPXX"}', now() - make_interval(days => ?))`,
      [id, userId, `key-${id}`, PRICE, `9400${String(Math.floor(Math.random() * 1e18)).padStart(18, '0')}`, daysAgo],
    );
    const label = await new LabelVoidsRepository(db.orm).singleLabel(id, EVERY_OWNER);
    if (!label) throw new Error('the label is not in the labels view');
    return label;
  };

  const due = (voidId: string) => db.sql(`update "orders"."label_voids" set "next_check_at" = now() - interval '1 second' where "id" = ?`, [voidId]);
  const stateOf = async (labelId: string) => (await db.sql<{ state: string; reason: string | null; refund_ref: string | null }>(`select "state", "reason", "refund_ref" from "orders"."label_voids" where "label_id" = ?`, [labelId]))[0] ?? null;

  it('lists a completed order as a label with the key of its charge, and nothing for an order without a label', async () => {
    const label = await boughtLabel();
    expect(label).toMatchObject({ kind: 'single', labelId: label.orderId, carrier: 'usps', amountCents: PRICE, chargeKey: `label:${label.orderId}:1`, carrierRefs: { sku: 'DPXX' }, voidState: null, trackingStatus: null });
    expect(await new LabelVoidsRepository(db.orm).singleLabel(randomUUID(), EVERY_OWNER)).toBeNull();
  });

  it('voids a label once when 20 calls race over two replicas: one carrier void, one credit, 19 refusals', async () => {
    const label = await boughtLabel();
    const carrier = new ScriptedCarrier('usps').onVoid({ kind: 'voided' });
    const credits = new LedgerCredits();
    const [a, b] = [replicaOf(db.orm, carrier, credits), replicaOf(db.replica, carrier, credits)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).voider.voidOne(label, 'customer', label.userId)));
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, state: 'voided', amountCents: PRICE }]);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.refusal.code === 'already')).toBe(true);
    expect(carrier.voidCalls).toHaveLength(1);
    expect(credits.asked).toEqual([`single:${label.labelId}:${PRICE}:label:${label.orderId}:1`]);
    expect(await stateOf(label.labelId)).toMatchObject({ state: 'voided' });
  });

  it('takes the claim back when the carrier refuses, so the label is as it was and no timer acts on it', async () => {
    const label = await boughtLabel();
    const credits = new LedgerCredits();
    const { voider, voids } = replicaOf(db.orm, new ScriptedCarrier('usps').onVoid({ kind: 'refused', message: 'A refund request for this order cannot be submitted' }), credits);
    expect(await voider.voidOne(label, 'customer', null)).toEqual({ ok: false, refusal: { code: 'not_voidable', message: 'A refund request for this order cannot be submitted' } });
    expect(await stateOf(label.labelId)).toBeNull();
    expect((await voids.label('single', label.labelId))?.voidState).toBeNull();
    expect(credits.asked).toEqual([]);
  });

  it('refuses a label past the window and a used one without asking the carrier', async () => {
    const carrier = new ScriptedCarrier('usps');
    const { voider } = replicaOf(db.orm, carrier, new LedgerCredits());
    const old = await boughtLabel(29);
    expect(await voider.voidOne(old, 'customer', null)).toMatchObject({ ok: false, refusal: { code: 'not_voidable', message: expect.stringContaining('within 28 days') } });
    const used = { ...(await boughtLabel()), trackingStatus: 'in_transit' as const };
    expect(await voider.voidOne(used, 'customer', null)).toMatchObject({ ok: false, refusal: { code: 'not_voidable', message: expect.stringContaining('scanned') } });
    expect(carrier.voidCalls).toEqual([]);
  });

  it('leaves a void the carrier did not answer for the reconciler, which asks again and credits once', async () => {
    const label = await boughtLabel();
    const carrier = new ScriptedCarrier('usps').onVoid({ kind: 'unknown', message: 'ECONNRESET' }, { kind: 'voided' });
    const credits = new LedgerCredits();
    const { voider, reconciler } = replicaOf(db.orm, carrier, credits);
    expect(await voider.voidOne(label, 'customer', null)).toEqual({ ok: true, state: 'void_requested', amountCents: PRICE });
    expect(credits.asked).toEqual([]);
    const claimed = await stateOf(label.labelId);
    expect(claimed?.state).toBe('void_requested');
    const [row] = await db.sql<{ id: string }>(`select "id" from "orders"."label_voids" where "label_id" = ?`, [label.labelId]);
    await due(row!.id);
    expect(await reconciler.sweep()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(label.labelId)).toMatchObject({ state: 'voided' });
    expect(credits.asked).toHaveLength(1);
  });

  it('keeps a void whose credit failed until the ledger takes it, asking the carrier again (answered the same) and crediting under the same key', async () => {
    const label = await boughtLabel();
    const carrier = new ScriptedCarrier('usps').onVoid({ kind: 'voided' }, { kind: 'voided' });
    const credits = new LedgerCredits();
    credits.failing = 1;
    const { voider, reconciler } = replicaOf(db.orm, carrier, credits);
    expect(await voider.voidOne(label, 'customer', null)).toEqual({ ok: true, state: 'void_requested', amountCents: PRICE });
    const [row] = await db.sql<{ id: string }>(`select "id" from "orders"."label_voids" where "label_id" = ?`, [label.labelId]);
    await due(row!.id);
    await reconciler.sweep();
    expect(await stateOf(label.labelId)).toMatchObject({ state: 'voided' });
    expect(new Set(credits.asked).size).toBe(1);
    expect(credits.asked).toHaveLength(2);
  });

  describe('a refund the carrier watches', () => {
    const pending = async (carrier: ScriptedCarrier) => {
      const label = await boughtLabel();
      const credits = new LedgerCredits();
      const replica = replicaOf(db.orm, carrier.onVoid({ kind: 'refund_pending', refundRef: '103789' } satisfies VoidOutcome), credits);
      expect(await replica.voider.voidOne(label, 'customer', null)).toEqual({ ok: true, state: 'refund_pending', amountCents: PRICE });
      const [row] = await db.sql<{ id: string }>(`select "id" from "orders"."label_voids" where "label_id" = ?`, [label.labelId]);
      return { label, credits, ...replica, voidId: row!.id };
    };

    it('stays pending (asked again later) until the carrier pays, then credits once and is final', async () => {
      const carrier = new ScriptedCarrier('usps').onRefundStatus({ kind: 'refund_pending' }, { kind: 'refunded' });
      const { label, credits, reconciler, voidId } = await pending(carrier);
      expect(await stateOf(label.labelId)).toEqual({ state: 'refund_pending', reason: null, refund_ref: '103789' });
      await due(voidId);
      await reconciler.sweep();
      expect(await stateOf(label.labelId)).toMatchObject({ state: 'refund_pending' });
      const [later] = await db.sql<{ next_check_at: Date }>(`select "next_check_at" from "orders"."label_voids" where "id" = ?`, [voidId]);
      expect(new Date(later!.next_check_at).getTime()).toBeGreaterThan(Date.now());
      await due(voidId);
      await reconciler.sweep();
      expect(await stateOf(label.labelId)).toMatchObject({ state: 'refunded' });
      expect(credits.asked).toHaveLength(1);
      await due(voidId);
      expect(await reconciler.sweep()).toBe(0);
      expect(carrier.refundStatusCalls).toHaveLength(2);
    });

    it("ends rejected with the carrier's reason and no credit", async () => {
      const carrier = new ScriptedCarrier('usps').onRefundStatus({ kind: 'refund_rejected', reason: 'USPS recorded a scan of this package, so the label was used.' });
      const { label, credits, reconciler, voidId } = await pending(carrier);
      await due(voidId);
      await reconciler.sweep();
      expect(await stateOf(label.labelId)).toEqual({ state: 'refund_rejected', reason: 'USPS recorded a scan of this package, so the label was used.', refund_ref: '103789' });
      expect(credits.asked).toEqual([]);
    });

    it('asks the refund again after a rejection that passes (too soon), keeping the label pending', async () => {
      const carrier = new ScriptedCarrier('usps').onRefundStatus({ kind: 'retry', message: 'rejected: too soon' });
      const { label, reconciler, voidId } = await pending(carrier);
      carrier.onVoid({ kind: 'refund_pending', refundRef: 'rfnd_2' });
      await due(voidId);
      await reconciler.sweep();
      expect(await stateOf(label.labelId)).toEqual({ state: 'refund_pending', reason: null, refund_ref: 'rfnd_2' });
      expect(carrier.voidCalls).toHaveLength(2);
    });

    it('is asked about by one replica at a time when both sweep at once', async () => {
      const carrier = new ScriptedCarrier('usps').onRefundStatus({ kind: 'refunded' });
      const { label, credits, voidId } = await pending(carrier);
      const other = replicaOf(db.replica, carrier, credits);
      const first = replicaOf(db.orm, carrier, credits);
      await due(voidId);
      await Promise.all([first.reconciler.sweep(), other.reconciler.sweep()]);
      expect(carrier.refundStatusCalls).toHaveLength(1);
      expect(credits.asked).toHaveLength(1);
      expect(await stateOf(label.labelId)).toMatchObject({ state: 'refunded' });
    });
  });

  it("sums a customer's pending and refunded money", async () => {
    const carrier = new ScriptedCarrier('usps').onVoid({ kind: 'voided' }, { kind: 'refund_pending', refundRef: null });
    const first = await boughtLabel();
    const second = { ...(await boughtLabel()), userId: first.userId };
    await db.sql(`update "orders"."orders" set "user_id" = ? where "id" = ?`, [first.userId, second.orderId]);
    const { voider, voids } = replicaOf(db.orm, carrier, new LedgerCredits());
    await voider.voidOne(first, 'customer', null);
    await voider.voidOne(second, 'customer', null);
    expect(await voids.summary(first.userId)).toEqual({ pendingCents: PRICE, pendingCount: 1, refundedCents: PRICE, refundedCount: 1 });
  });

  it('runs a job in one process at a time under its advisory lock, and again once it is free', async () => {
    const databaseUrl = db.url;
    const runs: string[] = [];
    // The first run holds the lock until the second attempt has returned: the two overlap however slow the machine.
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = (): void => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const first = underJobLock(databaseUrl, 'test-job', async () => {
      runs.push('first');
      holding();
      await gate;
      return 'ran';
    });
    await held;
    const second = await underJobLock(databaseUrl, 'test-job', async () => {
      runs.push('second');
      return 'ran';
    }).finally(release);
    expect(second).toBeNull();
    expect(await first).toBe('ran');
    expect(runs).toEqual(['first']);
    expect(await underJobLock(databaseUrl, 'test-job', async () => 'ran')).toBe('ran');
  });
});
