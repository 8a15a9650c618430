import { INVALID_PRICE_RANGES } from '@labeldesk/contracts';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { dismissToasts, newDesktopContext, saveScreenshot, useBrowserPage } from './support/browser';
import { fundedCustomer, serviceNameFor } from './support/bulk-api';
import { adminCredentials } from './support/env';
import { fillAddress, SAMPLE_SENDER } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

const SERVICE = 'USPS Priority Mail International';

/** The rate comparison asks every carrier: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 120_000;

const tierInput = (within: Locator, label: 'To (lb)' | 'Price ($)', range: number): Locator =>
  within.getByRole('spinbutton', { name: `${label}, range ${range}`, exact: true });

/** The Order Label form to Ottawa, 2 lb: what the rate comparison prices. */
const fillOrderToCanada = async (page: Page): Promise<void> => {
  await fillAddress(page.getByRole('region', { name: 'From Address' }), SAMPLE_SENDER);
  const to = page.getByRole('region', { name: 'To Address' });
  await to.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Receiver');
  await to.getByRole('textbox', { name: 'Street', exact: true }).fill('111 Wellington St');
  await to.getByRole('textbox', { name: 'City', exact: true }).fill('Ottawa');
  await to.getByRole('combobox', { name: 'Country', exact: true }).selectOption('CA');
  await to.getByRole('combobox', { name: 'Province', exact: true }).selectOption('ON');
  await to.getByRole('textbox', { name: 'Postal code', exact: true }).fill('K1A 0B1');
  const parcel = page.getByRole('region', { name: 'Package Information' });
  for (const [label, value] of [['Length (in)', '10'], ['Width (in)', '8'], ['Height (in)', '4'], ['Weight (lb)', '2']] as const) {
    await parcel.getByRole('spinbutton', { name: label, exact: true }).fill(value);
  }
};

/**
 * Decision 116 in the browser: the admin gives one customer Canada tiers for a service abroad from the customer's
 * services (the tiers checked as typed by the contract's rules), and the customer's rate comparison to Canada shows
 * that price instead of the carrier's cost + markup.
 */
describe('Prices per country group abroad', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "sets a customer's Canada tiers for a service abroad, refusing ranges with a gap, and the customer's comparison to Canada shows that price",
    async () => {
      const customer = await fundedCustomer(100_00);
      await serviceNameFor(customer); // the customer's own copies of the services, as the app makes them on first use

      await openSignedIn(page, adminCredentials(), '/admin/user-management');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
      await page.getByRole('button', { name: `Services of ${customer.name}` }).click();
      const overlay = page.getByRole('dialog', { name: `Services of ${customer.name}` });
      const card = overlay.getByRole('region', { name: 'User Services cards' }).getByRole('article', { name: SERVICE, exact: true });
      await card.getByTestId('group-prices').waitFor();
      await card.scrollIntoViewIfNeeded();
      await card.getByRole('button', { name: `By country group: prices abroad of ${SERVICE}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Prices abroad of ${SERVICE}`, exact: true });
      await dialog.waitFor();
      expect(await dialog.getByRole('combobox', { name: 'Country group', exact: true }).inputValue()).toBe('canada');

      // Up to 5 lb only: a gap to the service's maximum, refused before anything is sent.
      await tierInput(dialog, 'To (lb)', 1).fill('5');
      await tierInput(dialog, 'Price ($)', 1).fill('55.00');
      await dialog.getByRole('button', { name: 'Save Prices', exact: true }).click();
      await dialog.getByText(INVALID_PRICE_RANGES).waitFor();
      await dialog.getByRole('button', { name: 'Add Range', exact: true }).click();
      await tierInput(dialog, 'Price ($)', 2).fill('80.00');
      await dialog.getByText(INVALID_PRICE_RANGES).waitFor({ state: 'detached' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'country-group-prices-dialog', dialog);
      await dialog.getByRole('button', { name: 'Save Prices', exact: true }).click();
      await page.getByText('Prices to Canada updated successfully').first().waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByTestId('group-prices-canada').filter({ hasText: 'from $55.00, 2 ranges' }).waitFor();
      await dismissToasts(page);
      await shootAtTwoWidths(page, 'country-group-prices-card', card);

      const browser = page.context().browser();
      if (!browser) throw new Error('the page has no browser');
      const customerContext = await newDesktopContext(browser);
      const customerPage = await customerContext.newPage();
      await openSignedIn(customerPage, customer, '/main/order-label');
      await customerPage.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await fillOrderToCanada(customerPage);
      const comparison = customerPage.getByRole('region', { name: 'Compare rates' });
      const option = comparison.getByTestId('rate-option').filter({ has: customerPage.getByTestId('rate-service').filter({ hasText: new RegExp(`^${SERVICE}$`) }) });
      await option.first().waitFor();
      expect(await option.first().getByTestId('rate-price').textContent()).toBe('$55.00');
      await option.first().scrollIntoViewIfNeeded();
      await saveScreenshot(customerPage, 'country-group-prices-customer-rates', false);
      await customerContext.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
