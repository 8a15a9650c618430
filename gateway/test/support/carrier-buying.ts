import { startDistributed, type DistributedSystem } from '@labeldesk/testing';
import { booksOf } from './books';
import { adminTokenOf, apiClient, newBulkCustomer } from './bulk-api';
import { carrierEnvOf, priceCarrierServices, type CarrierFakes } from './carrier-fakes';

/** What each bulk customer of these tests starts with, and what a label of the default order costs. */
export const BALANCE = 10_000_000;
export const PRICE = 850;

/** A system buying from the fakes, with an admin who has priced the carriers' services and a funded customer. */
export const startBuying = async (fakes: CarrierFakes, carriers: 'easypost' | 'easypost,usps', env: NodeJS.ProcessEnv, ordersEnv: NodeJS.ProcessEnv) => {
  const system = await startDistributed({ ...carrierEnvOf(fakes, carriers), ...env }, { ordersEnv });
  const call = apiClient(system.baseUrl);
  const adminToken = await adminTokenOf(call, system);
  await priceCarrierServices(call, adminToken);
  return { system, call, customer: await newBulkCustomer(call, adminToken, BALANCE, 'carrier') };
};

/** The batch's money: every row charged once from the hold, the hold closed, the balance down by exactly the labels. */
export const expectBatchPaidOnce = async (system: DistributedSystem, userId: string, orderId: string, rows: number, otherLabels = 0) => {
  const books = await booksOf(system, userId, orderId);
  expect(books.batch).toMatchObject({ itemsSucceeded: rows, distinctTracking: rows, charges: rows, chargeKeys: rows, chargedCents: rows * PRICE });
  expect(books.batch.holds).toHaveLength(1);
  for (const hold of books.batch.holds) expect({ status: hold.status, captured: hold.captured, whole: hold.captured + hold.released }).toEqual({ status: 'closed', captured: rows * PRICE, whole: hold.amount });
  expect(books).toMatchObject({ balance: BALANCE - (rows + otherLabels) * PRICE, held: 0, refunds: 0, charges: rows + otherLabels });
};
