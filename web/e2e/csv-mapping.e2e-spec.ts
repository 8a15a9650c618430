import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { useBrowserPage } from './support/browser';
import { newBulkCustomer, openBulkOrder, saveSenderAddress, saveViewScreenshot, uploadBulkFile } from './support/bulk-orders';
import { seriousAxeViolations } from './support/page-checks';

const FLOW_TIMEOUT_MS = 180_000;

/** Shopify's real orders-export header with two rows (see the README next to it). */
const SHOPIFY_EXPORT = readFileSync(join(__dirname, '../src/pages/main/bulk-order/marketplace-exports/shopify-orders.csv'), 'utf8');

/** The same export a week later: the same header, other orders. */
const nextWeeksExport = (): string =>
  SHOPIFY_EXPORT.replace(/#1041/g, '#1057').replace(/Maria Lopez/g, 'Rosa Diaz').replace(/#1042/g, '#1058').replace(/Lena Chen/g, 'Omar Haddad');

/** The text of a select's chosen option, as the user sees it. */
const chosen = (select: Locator): Promise<string> => select.evaluate((node) => (node as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');

const cellValues = (page: Page, column: string): Promise<string[]> => page.locator(`tr[data-testid="bulk-row"] td[data-col="${column}"] .bulk-value`).allTextContents();

describe('CSV column mapping', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "maps a Shopify export's columns once (guessed, one changed), then maps the same header automatically the next time",
    async () => {
      const customer = await newBulkCustomer();
      await saveSenderAddress(customer);
      await openBulkOrder(page, customer);

      await uploadBulkFile(page, 'orders_export_1.csv', SHOPIFY_EXPORT);
      const step = page.getByRole('region', { name: "Match your file's columns" });
      await step.waitFor();

      // The guesses: Shopify's shipping columns, its `Name` ('#1041') as the order ID.
      expect(await chosen(step.getByRole('combobox', { name: 'Order ID', exact: true }))).toBe('Name');
      expect(await chosen(step.getByRole('combobox', { name: 'To Name', exact: true }))).toBe('Shipping Name');
      expect(await chosen(step.getByRole('combobox', { name: 'To Street 1', exact: true }))).toBe('Shipping Address1');
      expect(await chosen(step.getByRole('combobox', { name: 'To State', exact: true }))).toBe('Shipping Province');
      expect(await chosen(step.getByRole('combobox', { name: 'To ZIP', exact: true }))).toBe('Shipping Zip');
      expect(await chosen(step.getByRole('combobox', { name: 'SKU', exact: true }))).toBe('Lineitem sku');
      // The customer's e-mail, where the seller's tracking e-mails go (decision 095).
      expect(await chosen(step.getByRole('combobox', { name: 'To Email', exact: true }))).toBe('Email');
      expect(await chosen(step.getByRole('combobox', { name: 'From Name', exact: true }))).toMatch(/^Sender picked on the page/);

      // The first rows as they would map, and what the file cannot give before the table opens.
      const preview = step.getByTestId('csv-mapping-preview');
      await preview.getByRole('cell', { name: 'Maria Lopez', exact: true }).waitFor();
      expect(await preview.getByRole('row').count()).toBe(3);
      const missing = step.getByTestId('csv-mapping-missing');
      expect((await missing.textContent()) ?? '').toContain('Map these required columns: Service, Length, Width, Height, Weight');

      // One choice changed by the user: Shopify's order id becomes our Order Item ID.
      await step.getByRole('combobox', { name: 'Order Item ID', exact: true }).selectOption({ label: 'Id' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'csv-mapping-step');
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await step.getByRole('combobox', { name: 'To ZIP', exact: true }).scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'csv-mapping-step-390');
      if (desktop) await page.setViewportSize(desktop);
      await missing.scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'csv-mapping-preview');

      await step.getByRole('button', { name: 'Continue', exact: true }).click();
      await step.waitFor({ state: 'detached' });
      await page.locator('tr[data-testid="bulk-row"]').nth(1).waitFor();
      expect(await cellValues(page, 'ToRecipientName')).toEqual(['Maria Lopez', 'Lena Chen']);
      expect(await cellValues(page, 'orderId')).toEqual(['#1041', '#1042']);
      expect(await cellValues(page, 'orderItemId')).toEqual(['5873021141302', '5873021174070']);
      expect(await cellValues(page, 'FromSenderName')).toEqual(['Sam Sender', 'Sam Sender']);
      await page.getByTestId('csv-mapping-note').getByRole('button', { name: 'Change column mapping', exact: true }).waitFor();

      // Next week's export: same header, so no step; the saved mapping (with the user's change) is applied.
      await uploadBulkFile(page, 'orders_export_2.csv', nextWeeksExport());
      const note = page.getByTestId('csv-mapping-note');
      await note.getByText('Columns mapped as last time', { exact: false }).waitFor();
      await page.locator('tr[data-testid="bulk-row"] td[data-col="ToRecipientName"] .bulk-value', { hasText: 'Rosa Diaz' }).waitFor();
      expect(await page.getByRole('region', { name: "Match your file's columns" }).count()).toBe(0);
      expect(await cellValues(page, 'ToRecipientName')).toEqual(['Rosa Diaz', 'Omar Haddad']);
      expect(await cellValues(page, 'orderId')).toEqual(['#1057', '#1058']);
      expect(await cellValues(page, 'orderItemId')).toEqual(['5873021141302', '5873021174070']);
      await saveViewScreenshot(page, 'csv-mapping-mapped-as-last-time');

      // The saved mapping stays editable: the step opens again with the user's choices.
      await note.getByRole('button', { name: 'Change column mapping', exact: true }).click();
      await step.waitFor();
      expect(await chosen(step.getByRole('combobox', { name: 'Order Item ID', exact: true }))).toBe('Id');
      await step.getByRole('button', { name: 'Cancel', exact: true }).click();
      await step.waitFor({ state: 'detached' });
      await page.getByTestId('csv-mapping-note').waitFor();
    },
    FLOW_TIMEOUT_MS,
  );
});
