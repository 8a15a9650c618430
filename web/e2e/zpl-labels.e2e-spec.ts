import { bulkOrdersPageSchema } from '@labeldesk/contracts';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveDownload, useBrowserPage, waitForPath } from './support/browser';
import { bulkCsv, callAsCustomer, newBulkCustomer, saveViewScreenshot, setBalanceAsAdmin, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import type { BulkCustomer } from './support/bulk-orders';
import { appUrl } from './support/env';
import { fillSingleOrder } from './support/order-form';

/** A batch buys its labels from the carrier and builds its files; a single label is one purchase. */
const FLOW_TIMEOUT_MS = 240_000;

const NON_ZERO_PRICE = /\$(?!0\.00)\d[\d,]*\.\d{2}/;

/** The label formats of a ZPL file, each `^XA … ^XZ`, with nothing but whitespace between them. */
const zplLabels = (text: string): string[] => {
  const labels = text.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
  expect(text.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
  return labels;
};

/** The sandbox's IMpb symbol, as the ZPL writes it: start C + FNC1, 420 + ZIP, FNC1, the tracking number. */
const barcodeOf = (label: string): string | undefined => /\^BCN,\d+,N,N,N,N\^FD>;>8420(\d{5,9})>8(\d{22,26})\^FS/.exec(label)?.[2];

const download = async (page: Page, button: Locator): Promise<{ name: string; text: string }> => {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const bytes = await readFile(await file.path());
  saveDownload(file.suggestedFilename(), bytes);
  return { name: file.suggestedFilename(), text: bytes.toString('utf8') };
};

const openFromSidebar = async (page: Page, label: string, path: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
};

const signIn = async (page: Page, customer: BulkCustomer): Promise<void> => {
  await openSignedIn(page, customer);
};

describe('ZPL labels for thermal printers', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'buys a batch as ZPL and downloads one .zpl with one ^XA … ^XZ per label, from the progress widget and the API',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 200_00);
      await signIn(page, customer);
      await openFromSidebar(page, 'Bulk Order', '/main/bulk-order');
      await page.getByRole('heading', { level: 1, name: 'Bulk Order' }).waitFor();

      await uploadBulkFile(page, 'orders.csv', bulkCsv([validCsvRow(1), validCsvRow(2), validCsvRow(3)]));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      await page.getByText('ZPL (thermal printer)', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'ZPL (thermal printer)' }).isChecked()).toBe(true);
      await page.getByTestId('bulk-total').filter({ hasText: NON_ZERO_PRICE }).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await saveViewScreenshot(page, 'zpl-bulk-format');

      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 180_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
      await modal.waitFor();
      await modal.getByTestId('download-zpl').waitFor();
      // A ZPL batch has its labels as ZPL only: no merged PDF to print by mistake.
      expect(await modal.getByTestId('download-pdf').count()).toBe(0);
      await saveViewScreenshot(page, 'zpl-bulk-processed');

      const zpl = await download(page, modal.getByTestId('download-zpl'));
      expect(zpl.name).toMatch(/^Labels_\d{1,2}-\d{1,2}_[A-Za-z0-9_-]{22}\.zpl$/);
      const labels = zplLabels(zpl.text);
      expect(labels).toHaveLength(3);
      const tracking = labels.map(barcodeOf);
      expect(tracking.every((number) => number !== undefined)).toBe(true);
      expect(new Set(tracking).size).toBe(3);

      // The same file at GET /api/orders/download/zpl/{orderId}; the batch has no PDF there.
      const list = await callAsCustomer<unknown>(customer, `/api/orders/bulk/${customer.userId}`);
      const batch = bulkOrdersPageSchema.parse(list.body).bulkOrders[0];
      expect(batch?.bulkOrderData.labelFormat).toBe('zpl');
      expect(batch?.pdfName).toBeNull();
      expect(batch?.zplName).toBe(zpl.name);
      const byApi = await fetch(appUrl(`/api/orders/download/zpl/${batch?._id ?? ''}`), { headers: { token: customer.token } });
      expect(byApi.status).toBe(200);
      expect(await byApi.text()).toBe(zpl.text);
      expect((await fetch(appUrl(`/api/orders/download/pdf/${batch?._id ?? ''}`), { headers: { token: customer.token } })).status).toBe(404);

      // Batch Orders lists the file in the Downloads column.
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      await openFromSidebar(page, 'Batch Orders', '/main/batch-orders');
      await page.getByRole('heading', { name: 'Batch Orders List' }).waitFor();
      const row = page.locator(`[data-testid="batch-row"][data-batch-id="${batch?._id ?? ''}"]`);
      await row.getByTestId('download-zpl').waitFor();
      await saveViewScreenshot(page, 'zpl-batch-orders');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'buys a single label as ZPL when the Order Label form chooses it, and downloads it as .zpl',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 50_00);
      await signIn(page, customer);
      await openFromSidebar(page, 'Order Label', '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });

      const parcel = await fillSingleOrder(page, '2');

      const format = parcel.getByRole('combobox', { name: 'Label format', exact: true });
      expect(await format.inputValue()).toBe('pdf');
      await format.selectOption({ label: 'ZPL (thermal printer)' });
      await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: NON_ZERO_PRICE }).waitFor();
      await saveViewScreenshot(page, 'zpl-single-form');

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      const tracking = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
      await created.getByText('Download the ZPL label and send it to your thermal printer.').waitFor();
      expect(await created.getByText('Download the label PDF').count()).toBe(0);
      const zpl = await download(page, created.getByRole('button', { name: 'Download Label', exact: true }));
      expect(zpl.name).toMatch(new RegExp(`^label_${tracking}_[A-Za-z0-9_-]{22}\\.zpl$`));
      const labels = zplLabels(zpl.text);
      expect(labels).toHaveLength(1);
      expect(barcodeOf(labels[0] ?? '')).toBe(tracking);
      await created.getByRole('button', { name: 'Create another', exact: true }).click();
      await created.waitFor({ state: 'hidden' });
      // The next label keeps the format chosen: a thermal printer's user does not choose it every time.
      expect(await format.inputValue()).toBe('zpl');
    },
    FLOW_TIMEOUT_MS,
  );
});
