import { ownerScopeOf } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { FileRepository } from '../src/files/file.repository';
import { LabelVoidsRepository } from '../src/lifecycle/label-voids.repository';
import { OrderRepository } from '../src/orders/order.repository';
import { ScanFormsRepository } from '../src/shipping-day/scan-forms.repository';
import { bulk, buying, db, useBulkDatabase } from './support/bulk-batches';

async function* bytes(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}

/**
 * The orders service's reads by id for a caller filter by owner in the query itself: another user's batch, order,
 * label, SCAN form or file never leaves the database, and is not found exactly as a missing one; an admin finds it.
 */
describe('owner-scoped reads of orders on PostgreSQL', () => {
  useBulkDatabase('orders_owner_scope_it');
  const owner = randomUUID();
  const mine = ownerScopeOf({ userId: owner, role: 'user' });
  const admin = ownerScopeOf({ userId: randomUUID(), role: 'admin' });
  const stranger = ownerScopeOf({ userId: randomUUID(), role: 'user' });

  /** A completed single order of `owner` with a label, as its purchase leaves it. */
  const completedOrder = async () => {
    const id = randomUUID();
    const labelName = `label_${id}.pdf`;
    await db.sql(
      `insert into "orders"."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "courier", "sender", "receiver", "package",
         "price_cents", "tracking_number", "pdf_name", "carrier", "label_bought_at")
       values (?, ?, ?, 'hash', 'completed', 'USPS Priority Mail', 'usps', '{}', '{"receiver_name":"Bob"}', '{}', 850, ?, ?, 'usps', now())`,
      [id, owner, `key-${id}`, `9400${id.replace(/\D/g, '').slice(0, 18)}`, labelName],
    );
    return { id, labelName };
  };

  it("finds a batch by id and by file name for its owner and an admin, and another user's no more than a missing one", async () => {
    const { orderId } = await buying(1, { userId: owner });
    const fileName = `Labels_${orderId}.pdf`;
    await db.sql(`update "orders"."bulk_orders" set "pdf_name" = ? where "id" = ?`, [fileName, orderId]);
    for (const scope of [mine, admin]) {
      expect(await bulk.batches.findOwned(orderId, scope)).toMatchObject({ id: orderId, user_id: owner });
      expect(await bulk.batches.findOwnedByFileName(fileName, scope)).toMatchObject({ id: orderId });
    }
    expect(await bulk.batches.findOwned(orderId, stranger)).toBeNull();
    expect(await bulk.batches.findOwnedByFileName(fileName, stranger)).toBeNull();
    expect(await bulk.batches.findOwned(randomUUID(), mine)).toBeNull();
  });

  it("finds an order by id and by its label's name for its owner and an admin, and another user's no more than a missing one", async () => {
    const orders = new OrderRepository(db.orm);
    const { id, labelName } = await completedOrder();
    for (const scope of [mine, admin]) {
      expect(await orders.findOwned(id, scope)).toMatchObject({ id, userId: owner });
      expect(await orders.findByLabelName(labelName, scope)).toMatchObject({ id });
    }
    expect(await orders.findOwned(id, stranger)).toBeNull();
    expect(await orders.findByLabelName(labelName, stranger)).toBeNull();
    expect(await orders.findOwned(randomUUID(), mine)).toBeNull();
  });

  it("finds a single order's label and a batch's label for their owner and an admin, and another user's no more than a missing one", async () => {
    const voids = new LabelVoidsRepository(db.orm);
    const { id } = await completedOrder();
    const { orderId, items } = await buying(1, { userId: owner });
    const trackingNumber = `TRK-${orderId}`;
    await db.sql(`update "orders"."bulk_items" set "status" = 'succeeded', "tracking_number" = ? where "id" = ?`, [trackingNumber, items[0]!.id]);
    for (const scope of [mine, admin]) {
      expect(await voids.singleLabel(id, scope)).toMatchObject({ kind: 'single', labelId: id, userId: owner });
      expect(await voids.batchLabel(orderId, trackingNumber, scope)).toMatchObject({ kind: 'bulk', labelId: items[0]!.id, userId: owner });
    }
    expect(await voids.singleLabel(id, stranger)).toBeNull();
    expect(await voids.batchLabel(orderId, trackingNumber, stranger)).toBeNull();
    expect(await voids.batchLabel(orderId, 'TRK-none', mine)).toBeNull();
  });

  it("finds a SCAN form for its owner and an admin, and another user's no more than a missing one", async () => {
    const forms = new ScanFormsRepository(db.orm);
    const formId = randomUUID();
    await db.sql(
      `insert into "orders"."scan_forms" ("id", "user_id", "carrier", "sender", "sender_key", "mailing_date", "tracking_numbers", "state")
       values (?, ?, 'usps', '{}', 'key', '2026-11-27', '[]', 'pending')`,
      [formId, owner],
    );
    for (const scope of [mine, admin]) expect(await forms.findOwned(formId, scope)).toMatchObject({ id: formId, userId: owner, mailingDate: '2026-11-27' });
    expect(await forms.findOwned(formId, stranger)).toBeNull();
    expect(await forms.findOwned(randomUUID(), mine)).toBeNull();
  });

  it("finds a stored file for its owner and an admin, and another user's no more than a missing one", async () => {
    const files = new FileRepository(db.orm);
    const saved = await files.saveStream(owner, `slips_${randomUUID()}.pdf`, 'application/pdf', bytes('%PDF-1.7'));
    for (const scope of [mine, admin]) expect(await files.findOwnedInfo(saved.id, scope)).toMatchObject({ id: saved.id, ownerId: owner, sizeBytes: 8 });
    expect(await files.findOwnedInfo(saved.id, stranger)).toBeNull();
    expect(await files.findOwnedInfo(randomUUID(), mine)).toBeNull();
  });
});
