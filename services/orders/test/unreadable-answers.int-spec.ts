import { UNREADABLE_ANSWER_ALERT_DAYS } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CarrierAlertsRepository } from '../src/carriers/alerts/carrier-alerts.repository';
import type { LabelAddress } from '../src/carriers/carrier.port';
import type { OrdersEnv } from '../src/config/env.schema';
import { ordersMigrations } from '../src/database/migrations';
import { StoredFileEntity } from '../src/files/stored-file.entity';
import { LabelManifestsRepository } from '../src/lifecycle/label-manifests.repository';
import type { LabelVoid } from '../src/lifecycle/label-voids.repository';
import { VoidSettlement } from '../src/lifecycle/void-settlement';
import { OrderEntity } from '../src/orders/order.entity';
import type { PlannedForm } from '../src/shipping-day/scan-form-plan';
import { ScanFormsRepository } from '../src/shipping-day/scan-forms.repository';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('orders_unreadable_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const SENDER: LabelAddress = { name: 'Acme Widgets', company: null, phone: null, street1: '12 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' };
const FORM_NUMBER = '9475711201080329405718';

/**
 * What is kept of carrier answers we could not read (migration 016), in both database modes: the operator's alert
 * beside the alerts a sale ends, and a SCAN form the carrier may have made, whose labels stay claimed and manifested.
 */
describe.each(databases)('unreadable carrier answers on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let alerts: CarrierAlertsRepository;
  let forms: ScanFormsRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'orders', databaseUrl: database.url, poolMax: 4, entities: [OrderEntity, StoredFileEntity], migrations: ordersMigrations });
    alerts = new CarrierAlertsRepository(orm);
    forms = new ScanFormsRepository(orm);
  }, 120_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const sql = <T extends object>(query: string, params: readonly unknown[] = []) => orm.em.fork().execute<T[]>(query, [...params]);

  describe('the operator alert', () => {
    beforeEach(async () => {
      await sql(`delete from "orders"."carrier_alerts"`);
      await sql(`delete from "orders"."carrier_unreadable_alerts"`);
    });

    it('stands beside a funds alert of the same carrier: neither replaces the other', async () => {
      await alerts.raise('usps', 'upstream_funds', 'USPS: insufficient funds');
      await alerts.raise('usps', 'unreadable_answer', 'The purchase of the label of order 1: unreadable');
      await alerts.raise('usps', 'upstream_funds', 'USPS: insufficient funds (again)');

      expect((await alerts.list()).map((a) => [a.carrier, a.reason, a.message])).toEqual([
        ['usps', 'upstream_funds', 'USPS: insufficient funds (again)'],
        ['usps', 'unreadable_answer', 'The purchase of the label of order 1: unreadable'],
      ]);
    });

    it("is not cleared by the carrier's next sale, which clears the funds alert", async () => {
      await alerts.raise('usps', 'upstream_funds', 'USPS: insufficient funds');
      await alerts.raise('usps', 'unreadable_answer', 'SCAN form 1 of 2 labels: no answer');

      await alerts.clear('usps');

      expect((await alerts.list()).map((a) => a.reason)).toEqual(['unreadable_answer']);
    });

    it('seen again, keeps when it began and takes the latest words', async () => {
      await alerts.raise('usps', 'unreadable_answer', 'first');
      const [first] = await alerts.list();
      await sql(`update "orders"."carrier_unreadable_alerts" set "since" = "since" - interval '1 hour', "last_seen" = "last_seen" - interval '1 hour'`);

      await alerts.raise('usps', 'unreadable_answer', 'second');

      const [again] = await alerts.list();
      expect(again).toMatchObject({ reason: 'unreadable_answer', message: 'second' });
      expect(again!.since.getTime()).toBe(first!.since.getTime() - 3_600_000);
      expect(again!.lastSeen.getTime()).toBeGreaterThan(again!.since.getTime());
    });

    it(`ends ${UNREADABLE_ANSWER_ALERT_DAYS} days after it was last seen, and one seen after that begins anew`, async () => {
      await alerts.raise('usps', 'unreadable_answer', 'old');
      await sql(`update "orders"."carrier_unreadable_alerts" set "since" = now() - ?::int * interval '1 day' - interval '2 days', "last_seen" = now() - ?::int * interval '1 day' - interval '1 minute'`, [UNREADABLE_ANSWER_ALERT_DAYS, UNREADABLE_ANSWER_ALERT_DAYS]);
      await alerts.raise('easypost', 'unavailable', 'EasyPost is not answering');

      expect((await alerts.list()).map((a) => a.carrier)).toEqual(['easypost']);

      await alerts.raise('usps', 'unreadable_answer', 'new');
      const usps = (await alerts.list()).find((a) => a.carrier === 'usps');
      expect(usps).toMatchObject({ reason: 'unreadable_answer', message: 'new' });
      expect(Date.now() - usps!.since.getTime()).toBeLessThan(3_600_000);
    });
  });

  describe('a SCAN form the carrier may have made', () => {
    const userId = randomUUID();
    let serial = 0;
    const plannedForm = (): PlannedForm => ({
      carrier: 'usps',
      sender: SENDER,
      senderKey: 'ACME WIDGETS||12 MAIN ST||COLUMBUS|OH|43215',
      labels: [1, 2].map(() => {
        serial++;
        return { kind: 'single', labelId: randomUUID(), trackingNumber: `92055901649173120000${String(serial).padStart(2, '0')}`, carrier: 'usps', carrierRefs: {}, sender: SENDER, voidState: null, scanFormId: null, scanFormState: null };
      }),
    });
    const claimed = async (planned: PlannedForm): Promise<string> => {
      const id = randomUUID();
      expect(await forms.claim({ id, userId, bulkOrderId: null, mailingDate: '2026-11-27', planned })).toBe(true);
      return id;
    };

    it("keeps its labels claimed, with the carrier's number and words, and a release after it gives nothing back", async () => {
      const planned = plannedForm();
      const id = await claimed(planned);

      await forms.unconfirm(id, { barcode: FORM_NUMBER, carrierRefs: { scanFormNumber: FORM_NUMBER }, message: 'USPS answered 200 with a body we could not read' });
      await forms.release(id);

      expect(await forms.find(id)).toMatchObject({ state: 'unconfirmed', barcode: FORM_NUMBER, fileId: null, trackingNumbers: planned.labels.map((l) => l.trackingNumber) });
      const [row] = await sql<{ carrier_refs: unknown; carrier_answer: string }>(`select "carrier_refs", "carrier_answer" from "orders"."scan_forms" where "id" = ?`, [id]);
      expect(row?.carrier_answer).toBe('USPS answered 200 with a body we could not read');
      expect(await forms.claim({ id: randomUUID(), userId, bulkOrderId: null, mailingDate: '2026-11-27', planned })).toBe(false);
    });

    // Fails on a90fc8c: manifestedAt read only created forms, so a void of such a label was asked as a free cancel.
    it('counts its labels as manifested for a void, as a made form does', async () => {
      const planned = plannedForm();
      const id = await claimed(planned);
      await forms.unconfirm(id, { barcode: null, carrierRefs: {}, message: 'no answer after the request left' });
      const settlement = new VoidSettlement(null as never, null as never, null as never, null as never, { REFUND_RECONCILE_SECONDS: 60 } as OrdersEnv, new LabelManifestsRepository(orm));
      const [label] = planned.labels;

      const [toVoid] = await settlement.toCarrier([{ kind: 'single', labelId: label!.labelId, trackingNumber: label!.trackingNumber, carrierRefs: {}, purchasedAt: new Date() } as unknown as LabelVoid]);

      expect(toVoid?.manifestedAt).toEqual(expect.any(Date));
    });

    it('is made unconfirmed only from pending: a form already made stays made', async () => {
      const id = await claimed(plannedForm());
      await forms.complete(id, FORM_NUMBER, { scanFormNumber: FORM_NUMBER }, randomUUID());

      await forms.unconfirm(id, { barcode: null, carrierRefs: {}, message: 'late' });

      expect(await forms.find(id)).toMatchObject({ state: 'created', barcode: FORM_NUMBER });
    });
  });
});
