import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { useBrowserPage, waitForPath } from './support/browser';
import { animationFrames } from './support/page-state';
import { bulkCsv, bulkRow, callAsCustomer, editBulkCell, newBulkCustomer, saveViewScreenshot, setBalanceAsAdmin, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import type { BulkCustomer } from './support/bulk-orders';

const FLOW_TIMEOUT_MS = 180_000;

const openPage = async (page: Page, customer: BulkCustomer, label: string, path: string): Promise<void> => {
  await openSignedIn(page, customer);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
};

/** The street of the address a verify request asked about. */
const streetAsked = (body: string | null): string | undefined => (JSON.parse(body ?? '{}') as { address?: { street1?: string } }).address?.street1;

/** The suggestion flow needs the system to ask a carrier: say so plainly rather than time out on a missing button. */
const expectCarrierChecks = async (customer: BulkCustomer): Promise<void> => {
  const answer = await callAsCustomer<{ mode: string }>(customer, '/api/addresses/verify', {
    address: { street1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' },
  });
  if (answer.status !== 200 || answer.body.mode !== 'carrier') {
    throw new Error(`the system under test must run with ADDRESS_CHECK=carrier (answered ${answer.status} ${JSON.stringify(answer.body)})`);
  }
};

describe('Addresses checked before paying', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'shows a ZIP of another state on the single form as the user types, then offers the carrier address and takes it in one click',
    async () => {
      const customer = await newBulkCustomer();
      await expectCarrierChecks(customer);
      await openPage(page, customer, 'Order Label', '/main/order-label');
      const to = page.getByRole('region', { name: 'To Address' });
      await to.getByRole('textbox', { name: 'Name', exact: true }).fill('Rita Receiver');
      await to.getByRole('textbox', { name: 'Street', exact: true }).fill('350 Fifth Avenue');
      await to.getByRole('textbox', { name: 'City', exact: true }).fill('New York');
      await to.getByRole('combobox', { name: 'State', exact: true }).selectOption('CA');
      const zip = to.getByRole('textbox', { name: 'ZIP', exact: true });
      await zip.fill('10118');
      await zip.blur();
      await to.getByText('ZIP 10118 is in NY, not CA', { exact: true }).waitFor();
      expect(await zip.getAttribute('aria-invalid')).toBe('true');
      // No carrier is asked about an address the offline rules refuse.
      expect(await to.getByTestId('receiver-address-suggestion').count()).toBe(0);
      // Centred: the sticky price bar covers the bottom of the view.
      await zip.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      await saveViewScreenshot(page, 'address-checks-single-error');

      await to.getByRole('combobox', { name: 'State', exact: true }).selectOption('NY');
      await to.getByText('ZIP 10118 is in NY, not CA', { exact: true }).waitFor({ state: 'detached' });
      const suggestion = to.getByTestId('receiver-address-suggestion');
      await suggestion.getByText(/^Did you mean 350 FIFTH AVENUE, NEW YORK, NY 10118-\d{4}\?$/).waitFor({ timeout: 15_000 });
      await suggestion.scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'address-checks-single-suggestion');
      // Once the form stops changing, it asks the server about the address it took (a new question: the street differs).
      const acceptedChecked = page.waitForResponse((response) => response.url().endsWith('/api/addresses/verify') && streetAsked(response.request().postData()) === '350 FIFTH AVENUE');
      await suggestion.getByRole('button', { name: 'Accept', exact: true }).click();
      expect(await to.getByRole('textbox', { name: 'Street', exact: true }).inputValue()).toBe('350 FIFTH AVENUE');
      expect(await to.getByRole('textbox', { name: 'City', exact: true }).inputValue()).toBe('NEW YORK');
      expect(await zip.inputValue()).toMatch(/^10118-\d{4}$/);
      // The accepted address is the carrier's own: nothing more to suggest.
      await suggestion.waitFor({ state: 'detached', timeout: 15_000 });
      const accepted = (await (await acceptedChecked).json()) as { verification: { verdict: string } | null };
      expect(accepted.verification?.verdict).toBe('ok');
      await animationFrames(page);
      expect(await to.getByTestId('receiver-address-suggestion').count()).toBe(0);

      // A city other than the ZIP's usual one is a warning, never a refusal (USPS accepts some other names).
      await to.getByRole('textbox', { name: 'City', exact: true }).fill('Brooklyn');
      const warning = to.getByTestId('receiver-address-warning');
      await warning.getByText(/^ZIP 10118 is usually NEW YORK, NY, not BROOKLYN: check the city/).waitFor({ timeout: 15_000 });
      expect(await to.getByRole('textbox', { name: 'City', exact: true }).getAttribute('aria-invalid')).not.toBe('true');
      await warning.scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'address-checks-city-warning');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'marks a bulk row whose ZIP is in another state before submit, and accepts the carrier addresses per row and all at once',
    async () => {
      const customer = await newBulkCustomer();
      await expectCarrierChecks(customer);
      // Enough to pay for the rows: a balance short of the total disables Submit once the price arrives,
      // and this test must not depend on clicking before it does.
      await setBalanceAsAdmin(customer, 100_00);
      await openPage(page, customer, 'Bulk Order', '/main/bulk-order');
      await uploadBulkFile(page, 'addresses.csv', bulkCsv([validCsvRow(1), validCsvRow(2, { ToStateProvince: 'CA' }), validCsvRow(3)]));
      await page.getByTestId('bulk-items-badge').filter({ hasText: '3 rows · 1 with errors' }).waitFor();
      await bulkRow(page, 2).getByTestId('bulk-row-messages').getByText('ZIP 10118 is in NY, not CA', { exact: true }).waitFor();
      expect(await bulkRow(page, 2).locator('td[data-col="ToZipPostal"]').getAttribute('data-invalid')).toBe('true');

      // Submitting lists the row and sends nothing.
      await page.getByTestId('bulk-total').getByRole('status', { name: 'Updating price' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      const errors = page.getByRole('dialog', { name: 'Validation Errors' });
      await errors.getByText('1 row has validation errors', { exact: true }).waitFor();
      await errors.getByRole('button', { name: 'Fix the rows', exact: true }).click();
      await errors.waitFor({ state: 'hidden' });

      // The valid rows carry the carrier's addresses; the row in error shows its error, not a suggestion.
      await bulkRow(page, 1).getByTestId('bulk-row-suggestion').getByText(/^Did you mean To 101 FIFTH AVENUE, NEW YORK, NY 10118-\d{4}\?$/).waitFor({ timeout: 15_000 });
      await bulkRow(page, 3).getByTestId('bulk-row-suggestion').waitFor();
      expect(await bulkRow(page, 2).getByTestId('bulk-row-suggestion').count()).toBe(0);
      const acceptAll = page.getByTestId('bulk-accept-all-suggestions');
      await acceptAll.waitFor();
      await saveViewScreenshot(page, 'address-checks-bulk-suggestions');

      await acceptAll.click();
      await bulkRow(page, 1).getByTestId('bulk-row-suggestion').waitFor({ state: 'detached' });
      await bulkRow(page, 3).getByTestId('bulk-row-suggestion').waitFor({ state: 'detached' });
      expect(await bulkRow(page, 1).locator('td[data-col="ToStreet1"]').innerText()).toBe('101 FIFTH AVENUE');
      expect(await bulkRow(page, 3).locator('td[data-col="ToZipPostal"]').innerText()).toMatch(/^10118-\d{4}$/);
      expect(await bulkRow(page, 1).locator('td[data-col="FromCity"]').innerText()).toBe('MOUNTAIN VIEW');

      // Fixing the state makes row 2 valid; its own suggestion is then taken with the row's Accept.
      await editBulkCell(page, 2, 'ToStateProvince', 'NY');
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      const rowSuggestion = bulkRow(page, 2).getByTestId('bulk-row-suggestion');
      await rowSuggestion.getByText(/^Did you mean To 102 FIFTH AVENUE, NEW YORK, NY 10118-\d{4}\?$/).waitFor({ timeout: 15_000 });
      await saveViewScreenshot(page, 'address-checks-bulk-row-suggestion');
      await rowSuggestion.getByRole('button', { name: 'Accept', exact: true }).click();
      await rowSuggestion.waitFor({ state: 'detached' });
      expect(await bulkRow(page, 2).locator('td[data-col="ToStreet1"]').innerText()).toBe('102 FIFTH AVENUE');
      expect(await acceptAll.count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );
});
