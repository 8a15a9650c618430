import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { useBrowserPage, waitForPath } from './support/browser';
import {
  amazonReport,
  bulkRow,
  callAsCustomer,
  dataLines,
  editBulkCell,
  newBulkCustomer,
  saveSenderAddress,
  saveViewScreenshot,
  SERVICE,
  uploadBulkFile,
} from './support/bulk-orders';
import type { BulkCustomer } from './support/bulk-orders';

const FLOW_TIMEOUT_MS = 180_000;

/** The server's own total for packages of these weights, in cents (spec: POST /api/orders/price/v2/bulk). */
const quoteCents = async (customer: BulkCustomer, weights: readonly number[]): Promise<number> => {
  const shipments = weights.map((weight) => ({ service_name: SERVICE, package: { package_weight: weight } }));
  const answer = await callAsCustomer<{ totalPrice: number }>(customer, '/api/orders/price/v2/bulk', { userId: customer.userId, shipments });
  if (answer.status < 200 || answer.status > 299) throw new Error(`price quote answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.totalPrice;
};

const dollars = (cents: number): string => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type SavedSku = { sku: string; weight: number; packagingWeight: number };

/** The SKU as the server holds it. */
const savedSku = async (customer: BulkCustomer, sku: string): Promise<SavedSku | undefined> => {
  const answer = await callAsCustomer<{ SkuData: SavedSku[] }>(customer, `/api/auth/get-sku/${customer.userId}`);
  return answer.body.SkuData.find((item) => item.sku === sku);
};

const cellValues = (page: Page, column: string): Promise<string[]> => page.locator(`tr[data-testid="bulk-row"] td[data-col="${column}"] .bulk-value`).allTextContents();

/** Waits until the footer's total is settled (no pricing under way) and shows `expected`. */
const waitForTotal = async (page: Page, expected: string): Promise<void> => {
  await page.getByTestId('bulk-total').filter({ hasText: expected }).waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
};

describe('SKU weights per unit', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'saves a SKU with a weight per unit and a packaging weight, and prices a split Amazon line at n × unit + packaging per package',
    async () => {
      const customer = await newBulkCustomer();
      await saveSenderAddress(customer);
      const sku = `MUG-${Date.now().toString(36).toUpperCase()}`;

      await openSignedIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'SKU Management', exact: true }).click();
      await waitForPath(page, '/main/sku');
      await page.getByRole('heading', { level: 1, name: 'SKU Data Management' }).waitFor();

      // The CSV template names both weights the way the page does.
      const [templateFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV template', exact: true }).click()]);
      const template = dataLines((await readFile(await templateFile.path())).toString('utf8'));
      expect(template[0]).toBe('SKU,Max Qty,Weight per unit (lb),Packaging weight (lb),Length (in),Width (in),Height (in),Description,HS code,Origin country,Customs value ($),Declared value ($)');

      // 1.2 lb a mug, 0.3 lb of box and padding, at most 4 mugs a box.
      await page.getByRole('button', { name: 'Add New SKU', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New SKU' });
      await dialog.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
      await dialog.getByRole('spinbutton', { name: 'Max Quantity', exact: true }).fill('4');
      await dialog.getByRole('spinbutton', { name: 'Weight per unit (lb)', exact: true }).fill('1.2');
      await dialog.getByRole('spinbutton', { name: 'Packaging weight (lb)', exact: true }).fill('0.3');
      await dialog.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
      await dialog.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
      await dialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('4');
      await saveViewScreenshot(page, 'sku-weights-add-dialog');
      await dialog.getByRole('button', { name: 'Add SKU', exact: true }).click();
      await page.getByText('New SKU Data Added').first().waitFor();

      const table = page.getByRole('table', { name: 'SKU data' });
      const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
      expect(headers).toEqual(expect.arrayContaining(['Weight per unit (lb)', 'Packaging weight (lb)']));
      const row = table.getByRole('row').filter({ hasText: sku });
      await row.waitFor();
      const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
      expect(cells[headers.indexOf('Weight per unit (lb)')]).toBe('1.2');
      expect(cells[headers.indexOf('Packaging weight (lb)')]).toBe('0.3');
      await saveViewScreenshot(page, 'sku-weights-sku-page');

      // The server keeps both weights.
      const saved = await callAsCustomer<{ SkuData: Array<{ sku: string; weight: number; packagingWeight: number }> }>(customer, `/api/auth/get-sku/${customer.userId}`);
      expect(saved.body.SkuData.find((item) => item.sku === sku)).toMatchObject({ weight: 1.2, packagingWeight: 0.3 });

      // An Amazon line of 9 mugs ships as 4 + 4 + 1, each box weighed with its own mugs and one box.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bulk Order', exact: true }).click();
      await waitForPath(page, '/main/bulk-order');
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ value: SERVICE });
      await uploadBulkFile(page, 'unshipped-orders.txt', amazonReport([{ orderId: '058-1111111-2222222', orderItemId: '33333333333333', sku, quantity: 9, recipient: 'Ann Buyer' }]));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      expect(await cellValues(page, 'quantity')).toEqual(['4', '4', '1']);
      expect(await cellValues(page, 'PackageWeight')).toEqual(['5.1', '5.1', '1.5']);

      // The total is the price of those weights, not of three one-mug parcels.
      const splitCents = await quoteCents(customer, [5.1, 5.1, 1.5]);
      const oneUnitCents = await quoteCents(customer, [1.2, 1.2, 1.2]);
      expect(splitCents).not.toBe(oneUnitCents); // the weights straddle a price tier, or this test would prove nothing
      await waitForTotal(page, dollars(splitCents));
      await bulkRow(page, 1).locator('td[data-col="PackageWeight"]').scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'sku-weights-bulk');

      // A changed quantity takes the weight with it: 2 mugs are 2 × 1.2 + 0.3.
      await editBulkCell(page, 3, 'quantity', '2');
      expect(await bulkRow(page, 3).locator('td[data-col="PackageWeight"] .bulk-value').textContent()).toBe('2.7');
      await waitForTotal(page, dollars(await quoteCents(customer, [5.1, 5.1, 2.7])));

      // The SKU table edits the packaging weight like any other column.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'SKU Management', exact: true }).click();
      await waitForPath(page, '/main/sku');
      const onlyRow = page.getByRole('table', { name: 'SKU data' }).getByRole('row').nth(1);
      await onlyRow.getByRole('button', { name: `Edit ${sku}`, exact: true }).click();
      await onlyRow.getByRole('spinbutton', { name: 'Packaging weight (lb)', exact: true }).fill('0.5');
      await onlyRow.getByRole('button', { name: `Save ${sku}`, exact: true }).click();
      // The bulk page's own "Row updated successfully!" toast may still be on screen, so the toast alone proves
      // nothing: the row leaves edit mode once the save has answered, and the saved value is read back.
      await onlyRow.getByRole('button', { name: `Edit ${sku}`, exact: true }).waitFor({ timeout: 20_000 });
      await page.getByText('Row updated successfully!').first().waitFor();
      expect(await savedSku(customer, sku)).toMatchObject({ weight: 1.2, packagingWeight: 0.5 });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "weighs a saved SKU's units again on the single form when the quantity changes, and refuses more than its Max Quantity",
    async () => {
      const customer = await newBulkCustomer();
      const sku = `TEE-${Date.now().toString(36).toUpperCase()}`;
      const added = await callAsCustomer(customer, `/api/auth/add-sku/${customer.userId}`, {
        parsedData: [{ sku, maxQty: '4', weight: '1.2', packagingWeight: '0.3', length: '10', width: '8', height: '4', description: 'Tee' }],
      });
      expect(added.status).toBe(201);

      await openSignedIn(page, customer, '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: SERVICE });
      const picker = page.getByRole('combobox', { name: 'Saved SKU', exact: true });
      await picker.locator('option', { hasText: sku }).waitFor({ state: 'attached' });
      await picker.selectOption({ label: (await picker.locator('option', { hasText: sku }).textContent()) ?? sku });
      const weight = page.getByRole('spinbutton', { name: 'Weight (lb)' });
      const quantity = page.getByRole('spinbutton', { name: 'Quantity', exact: true });
      expect(await weight.inputValue()).toBe('1.5');

      // A seller's QTY 3 label printed at one unit's weight (issue 49): 3 tees are 3 × 1.2 + 0.3 lb, priced so.
      await quantity.fill('3');
      expect(await weight.inputValue()).toBe('3.9');
      await page.locator('[data-testid="live-price"][data-priced-weight="3.9"]:not([data-pricing])').waitFor();

      // More than the SKU's Max Quantity is said, not taken silently.
      await quantity.fill('5');
      await quantity.blur();
      await page.getByText(`${sku} ships at most 4 to a package`).waitFor();
      await saveViewScreenshot(page, 'sku-weights-single-quantity');
    },
    FLOW_TIMEOUT_MS,
  );
});
