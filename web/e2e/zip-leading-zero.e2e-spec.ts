import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { bulkCsv, bulkRow, callAsCustomer, newBulkCustomer, openBulkOrder, setBalanceAsAdmin, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { useBrowserPage } from './support/browser';
import { fillAddress, SAMPLE_SENDER } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

// Issue 49, defect 4: a ZIP that lost its leading zero in a spreadsheet ("2134" for Boston, MA) is refused with
// "Did you mean 02134?" and put right with one click, a row at a time or all at once; the labels are bought with the
// padded ZIPs. Labels are read back with pdftotext (poppler-utils, which .ci/run installs for the label checks).

const FLOW_TIMEOUT_MS = 240_000;
const NON_ZERO_PRICE = /\$(?!0\.00)\d[\d,]*\.\d{2}/;
const work = mkdtempSync(join(tmpdir(), 'zip-leading-zero-'));

/** The text of a PDF, as poppler reads it. */
const pdfText = (bytes: Uint8Array, name: string): string => {
  const path = join(work, name);
  writeFileSync(path, bytes);
  const read = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', timeout: 30_000 });
  if (read.error || read.status !== 0) throw new Error(`pdftotext could not read ${name}: ${read.error?.message ?? read.stderr}`);
  return read.stdout;
};

const downloadedPdf = async (page: Page, button: Locator, name: string): Promise<string> => {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return pdfText(bytes, name);
};

const cellValue = (page: Page, row: number, column: string): Promise<string | null> => bulkRow(page, row).locator(`td[data-col="${column}"] .bulk-value`).textContent();

describe('A ZIP that lost its leading zero', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'bulk: rows with "2134" (MA) and "7102" (NJ) ask "Did you mean …?", one is fixed with its row\'s button, the rest with "Fix all", and the labels are bought with 02134 and 07102',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 200_00);
      await openBulkOrder(page, customer);

      const rows = [
        validCsvRow(1, { ToRecipientName: 'Bea Boston', ToStreet1: '1 Cambridge St', ToCity: 'Boston', ToStateProvince: 'MA', ToZipPostal: '2134' }),
        validCsvRow(2, { ToRecipientName: 'Ned Newark', ToStreet1: '2 Broad St', ToCity: 'Newark', ToStateProvince: 'NJ', ToZipPostal: '7102' }),
        validCsvRow(3, { ToRecipientName: 'Hal Hartford', ToStreet1: '3 Main St', ToCity: 'Hartford', ToStateProvince: 'CT', ToZipPostal: '6103' }),
      ];
      await uploadBulkFile(page, 'excel-export.csv', bulkCsv(rows));
      await page.getByTestId('bulk-items-badge').filter({ hasText: '3 rows · 3 with errors' }).waitFor();

      // Each row says what is wrong and what it most likely meant, and offers it.
      const boston = bulkRow(page, 1).getByTestId('bulk-row-messages');
      await boston.getByText('To ZIP must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?', { exact: true }).waitFor();
      await bulkRow(page, 2).getByTestId('bulk-row-messages').getByText('To ZIP must be 5 digits or ZIP+4 (12345-6789). Did you mean 07102?', { exact: true }).waitFor();
      expect(await bulkRow(page, 2).getByTestId('bulk-row-zip-fix').textContent()).toBe('Use 07102');
      const fixAll = page.getByRole('button', { name: 'Fix all 3 ZIP codes', exact: true });
      await fixAll.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'zip-leading-zero-bulk', page.getByRole('region', { name: 'Bulk Order Items table' }));

      // One row from the keyboard: its "Use 02134" is a button reached with Tab.
      const useBoston = boston.getByRole('button', { name: 'Use 02134', exact: true });
      await useBoston.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('bulk-items-badge').filter({ hasText: '3 rows · 2 with errors' }).waitFor();
      expect(await cellValue(page, 1, 'ToZipPostal')).toBe('02134');
      expect(await bulkRow(page, 1).getAttribute('data-invalid')).toBeNull();
      // One ZIP left on each of two rows: "Fix all" counts them.
      await page.getByRole('button', { name: 'Fix all 2 ZIP codes', exact: true }).click();
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      expect([await cellValue(page, 2, 'ToZipPostal'), await cellValue(page, 3, 'ToZipPostal')]).toEqual(['07102', '06103']);
      await page.getByRole('button', { name: /^Fix all \d+ ZIP codes$/ }).waitFor({ state: 'detached' });

      // The fixed rows are priced like any edited row, then bought.
      await page.getByTestId('bulk-total').filter({ hasText: NON_ZERO_PRICE }).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByText('No rows yet', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 180_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
      await modal.waitFor();

      const labels = await downloadedPdf(page, modal.getByTestId('download-pdf'), 'batch.pdf');
      expect(labels).toMatch(/BOSTON,? MA 02134/i);
      expect(labels).toMatch(/NEWARK,? NJ 07102/i);
      expect(labels).toMatch(/HARTFORD,? CT 06103/i);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'single order: the ZIP field asks "Did you mean 02134?", its button puts the zero back, and the label is bought with 02134',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 50_00);

      // The server's own refusal says it too (a script calling the API gets the same sentence).
      const refused = await callAsCustomer<{ message?: string }>(customer, '/api/orders/v2', {
        service_name: 'USPS Priority Mail',
        sender: { sender_name: 'Sam Sender', sender_address1: '1600 Amphitheatre Pkwy', sender_city: 'Mountain View', sender_state_province: 'CA', sender_zip_postal: '94043' },
        receiver: { receiver_name: 'Bea Boston', receiver_address1: '1 Cambridge St', receiver_city: 'Boston', receiver_state_province: 'MA', receiver_zip_postal: '2134' },
        package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Recipient zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?');

      await openSignedIn(page, customer, '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
      await fillAddress(page.getByRole('region', { name: 'From Address' }), SAMPLE_SENDER);
      const to = page.getByRole('region', { name: 'To Address' });
      await fillAddress(to, { name: 'Bea Boston', street: '1 Cambridge St', city: 'Boston', state: 'MA', zip: '2134' });
      const zip = to.getByRole('textbox', { name: 'ZIP', exact: true });
      await zip.blur();

      await to.getByText('Recipient zip must be 5 digits or ZIP+4 (12345-6789). Did you mean 02134?', { exact: true }).waitFor();
      const useFix = to.getByRole('button', { name: 'Use 02134', exact: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'zip-leading-zero-single', to);

      // From the keyboard: Tab from the ZIP reaches the fix first.
      await zip.focus();
      await page.keyboard.press('Tab');
      expect(await useFix.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await zip.inputValue()).toBe('02134');
      await useFix.waitFor({ state: 'detached' });
      expect(await to.getByText(/Did you mean 02134\?/).count()).toBe(0);

      const parcel = page.getByRole('region', { name: 'Package Information' });
      await parcel.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
      await parcel.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
      await parcel.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('4');
      await parcel.getByRole('spinbutton', { name: 'Weight (lb)', exact: true }).fill('2');
      await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: NON_ZERO_PRICE }).waitFor();
      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      const label = await downloadedPdf(page, created.getByRole('button', { name: 'Download Label', exact: true }), 'single.pdf');
      expect(label).toMatch(/BOSTON,? MA 02134/i);
    },
    FLOW_TIMEOUT_MS,
  );
});
