import type { BulkOrder, Rate } from '@labeldesk/contracts';
import type { Page } from 'playwright-core';
import { apiCall, fundedCustomer, type FundedCustomer } from './support/bulk-api';
import { bulkCsv, bulkRow, openBulkOrder, saveViewScreenshot, uploadBulkFile, validCsvRow, type BulkCsvRow } from './support/bulk-orders';
import { useBrowserPage } from './support/browser';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

/** Rating three parcels, buying three labels and building the batch's files: more than the suite's default 60 s. */
const FLOW_TIMEOUT_MS = 180_000;

const usd = (cents: number): string => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Three rows to three areas; the third says its own rule in the service column. */
const ROWS: BulkCsvRow[] = [
  validCsvRow(1),
  validCsvRow(2, { ToCity: 'Chicago', ToStateProvince: 'IL', ToZipPostal: '60601', ToStreet1: '233 S Wacker Dr' }),
  validCsvRow(3, { ServiceName: 'Cheapest within 1 day', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101', ToStreet1: '400 Pine St' }),
];

/** What the customer's comparison offers for a row's parcel in its own box (POST /api/rates). */
const ratesOf = async (customer: FundedCustomer, row: BulkCsvRow): Promise<Rate[]> => {
  const answer = await apiCall('/api/rates', {
    method: 'POST',
    token: customer.token,
    body: {
      userId: customer.userId,
      sender: { sender_name: row.FromSenderName, sender_address1: row.FromStreet1, sender_city: row.FromCity, sender_state_province: row.FromStateProvince, sender_zip_postal: row.FromZipPostal, sender_country: 'US' },
      receiver: { receiver_name: row.ToRecipientName, receiver_address1: row.ToStreet1, receiver_city: row.ToCity, receiver_state_province: row.ToStateProvince, receiver_zip_postal: row.ToZipPostal, receiver_country: 'US' },
      package: { package_length: Number(row.PackageLength), package_width: Number(row.PackageWidth), package_height: Number(row.PackageHeight), package_weight: Number(row.PackageWeight) },
    },
  });
  if (answer.status !== 200) throw new Error(`rates answered ${answer.status}`);
  return (answer.body as { rates: Rate[] }).rates.filter((rate) => !rate.packaging || rate.packaging.kind === 'own_box');
};

/** The lowest price, the faster then the uid of equal ones, among the rates arriving within `days` (any days when null). */
const lowestWithin = (rates: readonly Rate[], days: number | null): Rate =>
  rates
    .filter((rate) => days === null || (rate.deliveryDays !== null && rate.deliveryDays <= days))
    .sort((a, b) => a.priceCents - b.priceCents || (a.deliveryDays ?? 99) - (b.deliveryDays ?? 99) || a.offeringUid.localeCompare(b.offeringUid))[0]!;

const batchOf = async (customer: FundedCustomer, page: Page): Promise<BulkOrder> => {
  const list = await apiCall(`/api/orders/bulk/${customer.userId}?page=1&limit=1`, { token: customer.token });
  const batch = (list.body as { bulkOrders: BulkOrder[] }).bulkOrders[0];
  if (!batch) throw new Error(`no batch listed (${page.url()})`);
  return batch;
};

describe('Bulk rate rules on the Bulk Order page', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "rates each row under 'Cheapest' (a row's own 'Cheapest within 1 day' kept), shows each row's service and price and the savings, and buys them at those prices",
    async () => {
      const customer = await fundedCustomer(500_00);
      const shown = await Promise.all(ROWS.map((row) => ratesOf(customer, row)));
      const chosen = shown.map((rates, i) => lowestWithin(rates, i === 2 ? 1 : null));
      const totalCents = chosen.reduce((sum, rate) => sum + rate.priceCents, 0);
      const savedCents = shown.reduce((sum, rates, i) => sum + Math.max(...rates.map((rate) => rate.priceCents)) - chosen[i]!.priceCents, 0);
      expect(chosen[2]?.deliveryDays).toBe(1);

      await openBulkOrder(page, customer);
      await uploadBulkFile(page, 'rules.csv', bulkCsv(ROWS));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();

      // The rule is chosen from the keyboard: the radio group is reached with Tab, and an arrow key moves the choice.
      const rules = page.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: 'Cheapest', exact: true }) });
      await rules.getByRole('radio', { name: 'Service from the file', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await rules.getByRole('radio', { name: 'Cheapest', exact: true, checked: true }).waitFor();

      // Each row shows what its rule picked, the total adds them, and the savings are said under the figures.
      for (const [i, rate] of chosen.entries()) {
        await bulkRow(page, i + 1).getByTestId('bulk-rule-choice').filter({ hasText: `→ ${usd(rate.priceCents)} · ${rate.service}` }).waitFor({ timeout: 30_000 });
      }
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await page.getByTestId('bulk-total').filter({ hasText: usd(totalCents) }).waitFor();
      await page.getByTestId('bulk-saved').filter({ hasText: `Saved ${usd(savedCents)} against the dearest rates` }).waitFor();
      expect(savedCents).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'bulk-rate-rules-preview');

      // "Cheapest within N days" shows the days to choose; the batch is then bought under "Cheapest".
      await page.keyboard.press('ArrowRight');
      await rules.getByRole('radio', { name: 'Cheapest within N days', exact: true, checked: true }).waitFor();
      await page.getByRole('combobox', { name: 'Arriving within', exact: true }).selectOption({ label: '2 business days' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await rules.getByRole('radio', { name: 'Cheapest within N days', exact: true }).focus();
      await page.keyboard.press('ArrowLeft');
      await rules.getByRole('radio', { name: 'Cheapest', exact: true, checked: true }).waitFor();
      await page.getByTestId('bulk-saved').filter({ hasText: `Saved ${usd(savedCents)} against the dearest rates` }).waitFor();

      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByText('No rows yet', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 120_000 });

      const batch = await batchOf(customer, page);
      expect(batch.bulkOrderData).toMatchObject({ cost: totalCents, quotedCost: totalCents, savedCents, quotedSavedCents: savedCents });
      const labels = await apiCall(`/api/orders/bulk/${batch._id}/labels`, { token: customer.token });
      expect((labels.body as { labels: Array<{ serviceName: string; price: number }> }).labels.map((label) => [label.serviceName, label.price])).toEqual(chosen.map((rate) => [rate.service, rate.priceCents]));

      // Batch Orders says what the rule saved beside what the batch cost.
      await page.goto(appUrl('/main/batch-orders'));
      const finished = page.getByTestId('bulk-progress-modal');
      if (await finished.isVisible()) await finished.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByTestId('batch-saved').filter({ hasText: `saved ${usd(savedCents)}` }).first().waitFor();
      await saveViewScreenshot(page, 'bulk-rate-rules-batch-orders');
    },
    FLOW_TIMEOUT_MS,
  );
});
