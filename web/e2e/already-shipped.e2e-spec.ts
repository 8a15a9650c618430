import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { apiCall } from './support/bulk-api';
import { animationsDone, useBrowserPage, waitForPath } from './support/browser';
import { bulkCsv, bulkRow, newBulkCustomer, openBulkOrder, saveViewScreenshot, setBalanceAsAdmin, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import type { BulkCustomer } from './support/bulk-orders';
import { fillSingleOrder } from './support/order-form';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';

/** Two batches are bought, each by the carrier for every label and with its three files built. */
const FLOW_TIMEOUT_MS = 300_000;

const NON_ZERO_PRICE = /\$(?!0\.00)\d[\d,]*\.\d{2}/;

/** Waits until the footer's total is priced for the rows on screen, then submits. */
const submitWhenPriced = async (page: Page): Promise<void> => {
  await page.getByTestId('bulk-total').filter({ hasText: NON_ZERO_PRICE }).waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
  await page.getByText('No rows yet', { exact: true }).waitFor({ timeout: 60_000 });
};

/** The progress modal once the batch is bought and its files are built. */
const processedModal = async (page: Page): Promise<Locator> => {
  await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 240_000 });
  const modal = page.getByTestId('bulk-progress-modal');
  if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
  await modal.waitFor();
  return modal;
};

/** Single labels the customer has bought, as the dashboard counts them. */
const singleLabels = async (customer: BulkCustomer): Promise<number> => {
  const answer = await apiCall(`/api/orders/total/${customer.userId}`, { token: customer.token });
  return Number((answer.body as { singleLabels?: unknown }).singleLabels);
};

/** Fills the Order Label form with the sample sender and receiver and a 2 lb parcel, and waits for its price. */
const fillPricedForm = async (page: Page): Promise<void> => {
  await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
  await fillSingleOrder(page, '2');
  await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: NON_ZERO_PRICE }).waitFor();
};

/** Clicks Order Label and answers the tracking number of the label bought. */
const orderLabel = async (page: Page, click: () => Promise<void>): Promise<string> => {
  await click();
  const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
  await created.waitFor({ timeout: 45_000 });
  const tracking = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
  await created.getByRole('button', { name: 'Create another', exact: true }).click();
  await created.waitFor({ state: 'hidden' });
  return tracking;
};

describe('Never twice by mistake (issue 47)', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'marks the orders already shipped when the same file is uploaded again, leaves them out of the purchase and says how many, and buys one again only when asked',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 200_00);
      await openBulkOrder(page, customer);
      await page.getByText('No rows yet', { exact: true }).waitFor();

      // The first upload: three new orders, bought.
      const file = [validCsvRow(1), validCsvRow(2), validCsvRow(3)];
      await uploadBulkFile(page, 'orders.csv', bulkCsv(file));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      expect(await page.getByTestId('bulk-row-shipped').count()).toBe(0);
      await submitWhenPriced(page);
      const first = await processedModal(page);
      expect(await first.getByTestId('bulk-left-out').count()).toBe(0);
      await first.getByRole('button', { name: 'Close', exact: true }).click();
      await first.waitFor({ state: 'detached' });

      // The same file again, with one new order: the three bought rows are marked with their label.
      await uploadBulkFile(page, 'orders.csv', bulkCsv([...file, validCsvRow(4)]));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^4 rows$/ }).waitFor();
      for (const row of [1, 2, 3]) {
        const mark = bulkRow(page, row).getByTestId('bulk-row-shipped');
        await mark.getByText(/^Already shipped on \d{2}-\d{2}-\d{4} \d{2}:\d{2}, tracking [A-Z0-9]{8,40}$/).waitFor();
        expect(await bulkRow(page, row).getAttribute('data-left-out')).toBe('true');
      }
      expect(await bulkRow(page, 4).getByTestId('bulk-row-shipped').count()).toBe(0);
      expect(await bulkRow(page, 4).getAttribute('data-left-out')).toBeNull();
      // Nothing left to buy but what the seller asks for: the footer says what will be left out.
      await page.getByTestId('bulk-left-out-note').getByText(/^3 orders already shipped will be left out\./).waitFor();

      // Row 2 is bought again on purpose.
      const buyAnother = bulkRow(page, 2).getByRole('checkbox', { name: 'Buy another label for row 2' });
      await buyAnother.check();
      expect(await bulkRow(page, 2).getAttribute('data-left-out')).toBeNull();
      await page.getByTestId('bulk-left-out-note').getByText(/^2 orders already shipped will be left out\./).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.locator('#bulk-items-heading').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await saveViewScreenshot(page, 'already-shipped-rows-1440');
      expect(await tableLayoutProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('#bulk-items-heading').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'already-shipped-rows-390');
      // The checkbox of each marked row stays inside the table's visible part on a phone.
      expect(await tableLayoutProblems(page)).toEqual([]);
      if (desktop) await page.setViewportSize(desktop);

      // Submitted: rows 1 and 3 are left out and the dialog says so; rows 2 and 4 are bought.
      await submitWhenPriced(page);
      const second = await processedModal(page);
      await second.getByTestId('bulk-left-out').getByText('2 orders already shipped were left out.', { exact: true }).waitFor();
      await second.getByText('2 of 2 labels processed', { exact: true }).waitFor();
      await animationsDone(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveViewScreenshot(page, 'already-shipped-left-out-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await animationsDone(page);
      await saveViewScreenshot(page, 'already-shipped-left-out-390');
      if (desktop) await page.setViewportSize(desktop);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'asks before a second single label to the same receiver with the same items in a day, buying it only when the user says so',
    async () => {
      const customer = await newBulkCustomer();
      await setBalanceAsAdmin(customer, 50_00);
      await openSignedIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Order Label', exact: true }).click();
      await waitForPath(page, '/main/order-label');
      const submit = page.getByRole('button', { name: 'Order Label', exact: true });

      await fillPricedForm(page);
      const first = await orderLabel(page, () => submit.click());
      expect(await singleLabels(customer)).toBe(1);

      // The same receiver and parcel again: a warning, and Cancel buys nothing.
      await fillPricedForm(page);
      await submit.click();
      const warning = page.getByRole('alertdialog', { name: 'Label already bought' });
      await warning.getByText(new RegExp(`^You bought a label to this receiver on \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} \\(tracking ${first}\\)\\. Buy another\\?$`)).waitFor();
      await animationsDone(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 1440, height: 900 });
      await saveViewScreenshot(page, 'same-receiver-warning-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await animationsDone(page);
      await saveViewScreenshot(page, 'same-receiver-warning-390');
      if (desktop) await page.setViewportSize(desktop);
      await warning.getByRole('button', { name: 'Cancel', exact: true }).click();
      await warning.waitFor({ state: 'hidden' });
      expect(await singleLabels(customer)).toBe(1);

      // Asked again and answered "Buy another": the second label is bought on purpose.
      const second = await orderLabel(page, async () => {
        await submit.click();
        await warning.getByRole('button', { name: 'Buy another', exact: true }).click();
      });
      expect(second).not.toBe(first);
      expect(await singleLabels(customer)).toBe(2);
    },
    FLOW_TIMEOUT_MS,
  );
});
