import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, saveDownload, useBrowserPage, waitForPath } from './support/browser';
import { bulkRow, callAsCustomer, newBulkCustomer, openBulkOrder, pdfPageCount, saveSenderAddress, saveSkus, saveViewScreenshot, setBalanceAsAdmin, uploadBulkFile } from './support/bulk-orders';
import type { BulkCustomer } from './support/bulk-orders';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';

// Issue 49, defect 3 (decision 091): a Shopify order of three items is three lines of the export, and only the first
// has the address. They are one row, one label, and every item is on the order's packing slip.

const FLOW_TIMEOUT_MS = 300_000;
const NON_ZERO_PRICE = /\$(?!0\.00)\d[\d,]*\.\d{2}/;

/** Order #1051: 2 × CND-CEDAR-8, 1 × CND-SALT-12, 1 × ACC-TRIM on three lines; order #1052: 1 × CND-SALT-12. */
const SHOPIFY_EXPORT = readFileSync(join(__dirname, '../src/pages/main/bulk-order/marketplace-exports/shopify-multi-item-orders.csv'), 'utf8');

/** The seller's SKUs: 2 × 0.75 + 1.1 + 0.2 lb is 2.8 lb for #1051, 1.1 lb for #1052. */
const SKUS = [
  { sku: 'CND-CEDAR-8', maxQty: 4, weight: 0.75, length: 6, width: 6, height: 5, description: 'Cedar candle 8oz' },
  { sku: 'CND-SALT-12', maxQty: 4, weight: 1.1, length: 8, width: 8, height: 6, description: 'Sea salt candle 12oz' },
  { sku: 'ACC-TRIM', maxQty: 4, weight: 0.2, length: 8, width: 3, height: 1, description: 'Wick trimmer' },
];

/** The text of a PDF as poppler reads it (from stdin: no file to clean up). */
const pdfText = (bytes: Uint8Array): string => {
  const read = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes, encoding: 'utf8', timeout: 30_000 });
  if (read.error || read.status !== 0) throw new Error(`pdftotext could not read the PDF: ${read.error?.message ?? read.stderr}`);
  return read.stdout;
};

/** Whether the system asks the carrier about addresses (then every row gets its address in the carrier's words). */
const checksWithCarrier = async (customer: BulkCustomer): Promise<boolean> => {
  const answer = await callAsCustomer<{ mode?: string }>(customer, '/api/addresses/verify', { address: { street1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' } });
  return answer.status === 200 && answer.body.mode === 'carrier';
};

const cellValues = (page: Page, column: string): Promise<string[]> => page.locator(`tr[data-testid="bulk-row"] td[data-col="${column}"] .bulk-value`).allTextContents();

/** Clicks a download button, checks the toast, and answers the file. */
const downloadedPdf = async (page: Page, button: Locator, toast: string): Promise<Buffer> => {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), button.click()]);
  const bytes = readFileSync(await download.path());
  await page.getByText(toast).first().waitFor();
  await dismissToasts(page);
  return bytes;
};

describe("A Shopify order's several items (issue 49)", () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'uploads an export with a 3-item and a 1-item order as 2 rows with the weights added up, buys 2 labels naming the order and its SKUs, lists the 3 items on the first packing slip, and offers no Amazon file',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 200_00);
      await saveSenderAddress(customer);
      await saveSkus(customer, SKUS);
      await openBulkOrder(page, customer);
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ value: 'USPS Priority Mail' });

      await uploadBulkFile(page, 'orders_export_1.csv', SHOPIFY_EXPORT);
      const step = page.getByRole('region', { name: "Match your file's columns" });
      await step.waitFor();
      // Two orders, not four lines: the item lines with no address are not rows missing their recipient.
      await step.getByTestId('csv-mapping-preview').getByRole('cell', { name: 'Lena Chen', exact: true }).waitFor();
      expect(await step.getByTestId('csv-mapping-preview').getByRole('row').count()).toBe(3);
      expect(await step.getByTestId('csv-mapping-missing').count()).toBe(0);
      await step.getByRole('button', { name: 'Continue', exact: true }).click();
      await step.waitFor({ state: 'detached' });

      await page.getByTestId('bulk-items-badge').filter({ hasText: /^2 rows$/ }).waitFor();
      expect(await cellValues(page, 'orderId')).toEqual(['#1051', '#1052']);
      expect(await cellValues(page, 'ToRecipientName')).toEqual(['Maria Lopez', 'Lena Chen']);
      expect(await cellValues(page, 'quantity')).toEqual(['4', '1']);
      expect(await cellValues(page, 'PackageWeight')).toEqual(['2.8', '1.1']);

      // The carrier's address suggestions (CI's systems check addresses) come first under a row; once taken, the
      // joined row says which items it ships.
      if (await checksWithCarrier(customer)) {
        const acceptAll = page.getByTestId('bulk-accept-all-suggestions').filter({ hasText: '(2)' });
        await acceptAll.click();
        await acceptAll.waitFor({ state: 'detached' });
      }
      const items = bulkRow(page, 1).getByTestId('bulk-row-items');
      await items.waitFor();
      expect((await items.locator('.bulk-msg').allTextContents()).map((text) => text.trim())).toEqual(['3 items in one parcel:', 'CND-CEDAR-8 × 2', 'CND-SALT-12 × 1', 'ACC-TRIM × 1']);
      expect(await bulkRow(page, 2).getByTestId('bulk-row-items').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await tableLayoutProblems(page)).toEqual([]);
      await page.locator('#bulk-items-heading').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await saveViewScreenshot(page, 'shopify-multi-item-rows');
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('#bulk-items-heading').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'shopify-multi-item-rows-390');
      if (desktop) await page.setViewportSize(desktop);

      await page.getByTestId('bulk-total').filter({ hasText: NON_ZERO_PRICE }).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByText('No rows yet', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 240_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
      await modal.getByText('2 of 2 labels processed', { exact: true }).waitFor();
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'detached' });

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Batch Orders', exact: true }).click();
      await waitForPath(page, '/main/batch-orders');
      const batch = page.locator('[data-testid="batch-row"]').first();
      const slips = await downloadedPdf(page, batch.getByRole('button', { name: 'Packing slips', exact: true }), 'Packing slips download completed successfully!');
      saveDownload('shopify-multi-item-packing-slips.pdf', slips);
      expect(await pdfPageCount(slips)).toBe(2);
      const text = pdfText(slips);
      const [first = '', second = ''] = text.split('\f');
      expect(first).toContain('Order #1051');
      for (const line of [/CND-CEDAR-8\s+Cedar & Smoke Candle 8oz\s+2/, /CND-SALT-12\s+Sea Salt Soy Candle 12oz\s+1/, /ACC-TRIM\s+Linen Wick Trimmer\s+1/, /Items: 4/]) expect(first).toMatch(line);
      expect(second).toContain('Order #1052');
      expect(second).toMatch(/CND-SALT-12\s+Sea Salt Soy Candle 12oz\s+1/);
      expect(second).not.toContain('ACC-TRIM');

      // Defect 7: with no reference columns mapped, each label names its store order and what it ships.
      const labels = await downloadedPdf(page, batch.getByRole('button', { name: 'Labels PDF', exact: true }), 'Labels PDF download completed successfully!');
      saveDownload('shopify-multi-item-labels.pdf', labels);
      const [firstLabel = '', secondLabel = ''] = pdfText(labels).split('\f');
      expect(firstLabel).toContain('#1051');
      expect(firstLabel).toContain('CND-CEDAR-8 x 2, CND-SALT-12 x 1');
      expect(secondLabel).toContain('#1052');
      expect(secondLabel).toContain('CND-SALT-12 x 1');
      // Defect 9: a Shopify batch has no Amazon order items, so no Amazon confirmation file is offered for it.
      await batch.getByRole('button', { name: 'Results CSV', exact: true }).waitFor();
      expect(await batch.getByRole('button', { name: /Amazon/ }).count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );
});
