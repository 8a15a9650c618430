import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { useBrowserPage, waitForPath } from './support/browser';
import { bulkRow, callAsCustomer, newBulkCustomer, saveSenderAddress, saveViewScreenshot, setBalanceAsAdmin, uploadBulkFile } from './support/bulk-orders';
import { seriousAxeViolations } from './support/page-checks';

const FLOW_TIMEOUT_MS = 240_000;
const ABROAD = 'USPS Priority Mail International';

/**
 * A store's export of three orders abroad, in Shopify's column names: one to Canada, two to Germany. The mug's SKU
 * has no HS code, so its German row cannot go (decision 100).
 */
const ORDERS_ABROAD = [
  'Name,Shipping Name,Shipping Address1,Shipping City,Shipping Province,Shipping Zip,Shipping Country,Lineitem sku,Lineitem quantity,Weight,Length,Width,Height',
  '#2001,Chloé Tremblay,24 Sussex Dr,Ottawa,ON,K1M 1M4,CA,TEE-1,2,2,10,8,4',
  '#2002,Jonas Weber,Unter den Linden 77,Berlin,,10117,DE,TEE-1,1,1,10,8,4',
  '#2003,Lena Fischer,Marienplatz 8,München,,80331,DE,MUG-1,1,2,6,6,6',
].join('\r\n');

/** The text of a select's chosen option, as the user sees it. */
const chosen = (select: Locator): Promise<string> => select.evaluate((node) => (node as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');

/** What the row's invalid cells say (their labels carry the message), so a failure shows the reason. */
const rowErrors = (page: Page, row: number): Promise<string[]> =>
  bulkRow(page, row).locator('td[data-invalid] button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));

const cellValues = (page: Page, column: string): Promise<string[]> => page.locator(`tr[data-testid="bulk-row"] td[data-col="${column}"] .bulk-value`).allTextContents();

describe('Bulk Order abroad', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "saves a SKU's customs defaults, maps an export's country columns, refuses the German row whose SKU has no HS code, and buys the rest",
    async () => {
      const customer = await newBulkCustomer();
      await saveSenderAddress(customer);
      await setBalanceAsAdmin(customer, 50_000);
      // The mug is saved without an HS code, through the API.
      const mug = { sku: 'MUG-1', maxQty: 4, weight: 1.2, length: 6, width: 6, height: 6, description: 'Ceramic mug', originCountry: 'CN', valueCents: 900 };
      expect((await callAsCustomer(customer, `/api/auth/add-sku/${customer.userId}`, { parsedData: [mug] })).status).toBe(201);

      // The T-shirt with its customs defaults, through the SKU page's form.
      await openSignedIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'SKU Management', exact: true }).click();
      await waitForPath(page, '/main/sku');
      await page.getByRole('button', { name: 'Add New SKU', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New SKU' });
      await dialog.getByRole('textbox', { name: 'SKU', exact: true }).fill('TEE-1');
      await dialog.getByRole('spinbutton', { name: 'Max Quantity', exact: true }).fill('4');
      await dialog.getByRole('spinbutton', { name: 'Weight per unit (lb)', exact: true }).fill('0.4');
      await dialog.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
      await dialog.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
      await dialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('2');
      await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Cotton T-shirt');
      // A bad HS code is named under its field before anything is sent.
      const hs = dialog.getByRole('textbox', { name: 'HS tariff number', exact: true });
      await hs.fill('6109');
      await hs.blur();
      await dialog.getByText('HS tariff number must be 6 to 10 digits, e.g. 6109.10', { exact: true }).waitFor();
      await hs.fill('6109.10');
      await dialog.getByRole('textbox', { name: 'Origin country', exact: true }).fill('Portugal');
      await dialog.getByRole('textbox', { name: 'Customs value ($)', exact: true }).fill('12.50');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'bulk-international-sku-dialog');
      await dialog.getByRole('button', { name: 'Add SKU', exact: true }).click();
      await page.getByText('New SKU Data Added').first().waitFor();

      const table = page.getByRole('table', { name: 'SKU data' });
      const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
      const tee = table.getByRole('row').filter({ hasText: 'TEE-1' });
      await tee.waitFor();
      const cells = (await tee.getByRole('cell').allTextContents()).map((text) => text.trim());
      expect([cells[headers.indexOf('HS code')], cells[headers.indexOf('Origin')], cells[headers.indexOf('Customs value ($)')]]).toEqual(['610910', 'PT', '12.50']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'bulk-international-sku-table');

      // The export: its country, province and postal code columns are guessed.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bulk Order', exact: true }).click();
      await waitForPath(page, '/main/bulk-order');
      // The export names no service: the page's pick is every row's.
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ value: ABROAD });
      await uploadBulkFile(page, 'orders_export_abroad.csv', ORDERS_ABROAD);
      const step = page.getByRole('region', { name: "Match your file's columns" });
      await step.waitFor();
      expect(await chosen(step.getByRole('combobox', { name: 'To Country', exact: true }))).toBe('Shipping Country');
      expect(await chosen(step.getByRole('combobox', { name: 'To State', exact: true }))).toBe('Shipping Province');
      expect(await chosen(step.getByRole('combobox', { name: 'To ZIP', exact: true }))).toBe('Shipping Zip');
      expect(await chosen(step.getByRole('combobox', { name: 'SKU', exact: true }))).toBe('Lineitem sku');
      await step.getByTestId('csv-mapping-preview').getByRole('cell', { name: 'Chloé Tremblay', exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await step.getByRole('combobox', { name: 'To Country', exact: true }).scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'bulk-international-mapping');
      await step.getByRole('button', { name: 'Continue', exact: true }).click();
      await step.waitFor({ state: 'detached' });

      // Three rows; the mug's German row is held back with the reason on its SKU.
      await bulkRow(page, 3).waitFor();
      expect(await cellValues(page, 'ToCountry')).toEqual(['CA', 'DE', 'DE']);
      expect(await cellValues(page, 'ToZipPostal')).toEqual(['K1M 1M4', '10117', '80331']);
      expect(await rowErrors(page, 1)).toEqual([]);
      expect(await rowErrors(page, 2)).toEqual([]);
      expect(await rowErrors(page, 3)).toEqual(['SKU, row 3: MUG-1. SKU MUG-1 has no HS code; Germany requires one']);
      await bulkRow(page, 3).scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'bulk-international-row-error');

      // The row goes; the other two are bought.
      await bulkRow(page, 3).getByRole('button', { name: 'Delete row 3', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure you want to delete this item?' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^2 rows$/ }).waitFor();
      // Services abroad are priced from each parcel's carrier rate, not by weight: each row shows its rate, and the
      // total is theirs (no "Price calculation failed").
      const rowRates = page.getByTestId('bulk-rule-choice');
      await rowRates.nth(1).waitFor();
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      const rates = (await rowRates.allTextContents()).map((text) => Math.round(Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, '')) * 100));
      expect(rates).toHaveLength(2);
      expect(rates.every((cents) => cents > 0)).toBe(true);
      expect(await page.getByTestId('bulk-total').textContent()).toBe(`$${((rates[0]! + rates[1]!) / 100).toFixed(2)}`);
      expect(await page.getByText('Price calculation failed').count()).toBe(0);
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      const title = page.getByTestId('bulk-progress-title').first();
      await title.filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 180_000 });
      await saveViewScreenshot(page, 'bulk-international-bought');

      const batches = await callAsCustomer<{ bulkOrders: Array<{ processedCount: number; failedCount: number; status: string }> }>(customer, `/api/orders/bulk/${customer.userId}`);
      expect(batches.body.bulkOrders[0]).toMatchObject({ status: 'completed', processedCount: 2, failedCount: 0 });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "insures a row at its export's Insured Value and another at its SKU's declared value × units, showing each insurance price before buying (decision 122)",
    async () => {
      const customer = await newBulkCustomer();
      await saveSenderAddress(customer);
      await setBalanceAsAdmin(customer, 50_000);
      const mug = { sku: 'MUG-D', maxQty: 4, weight: 1, length: 6, width: 6, height: 6, description: 'Ceramic mug', declaredValueCents: 4_000 };
      expect((await callAsCustomer(customer, `/api/auth/add-sku/${customer.userId}`, { parsedData: [mug] })).status).toBe(201);
      const insuredExport = [
        'Name,Shipping Name,Shipping Address1,Shipping City,Shipping Province,Shipping Zip,Shipping Country,Lineitem sku,Lineitem quantity,Weight,Length,Width,Height,Insured Value',
        '#3001,Bob Receiver,200 Pine Ave,Seattle,WA,98101,US,MUG-D,2,2,6,6,6,',
        '#3002,Ann Lee,1 Elm St,Portland,OR,97201,US,TEE-D,1,1,10,8,4,250.00',
      ].join('\r\n');

      await openSignedIn(page, customer, '/main/bulk-order');
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ value: 'USPS Priority Mail' });
      await uploadBulkFile(page, 'orders_export_insured.csv', insuredExport);
      const step = page.getByRole('region', { name: "Match your file's columns" });
      await step.waitFor();
      expect(await chosen(step.getByRole('combobox', { name: 'Declared Value ($)', exact: true }))).toBe('Insured Value');
      await step.getByRole('button', { name: 'Continue', exact: true }).click();
      await step.waitFor({ state: 'detached' });

      await bulkRow(page, 2).waitFor();
      expect(await cellValues(page, 'DeclaredValue')).toEqual(['—', '250.00']);
      const insurance = page.getByTestId('bulk-insurance');
      await insurance.nth(1).waitFor();
      expect(await insurance.allTextContents()).toEqual(['Insurance $1.00 · $80.00 from SKUs', 'Insurance $2.50']);
      await bulkRow(page, 2).locator('td[data-col="DeclaredValue"]').scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'bulk-international-insurance');

      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 180_000 });
      const insured = await callAsCustomer<{ labels: Array<{ insuredValueCents: number; insuranceCents: number }> }>(customer, '/api/claims/insured-labels');
      expect(insured.body.labels.map((label) => [label.insuredValueCents, label.insuranceCents]).sort()).toEqual([[25_000, 250], [8_000, 100]].sort());
    },
    FLOW_TIMEOUT_MS,
  );
});
