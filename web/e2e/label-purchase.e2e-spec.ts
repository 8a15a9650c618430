import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { logoutThroughUi, newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { adminCredentials } from './support/env';
import { refreshOrdersUntil } from './support/page-state';
import { fillAddress, SAMPLE_RECEIVER, SAMPLE_SENDER } from './support/order-form';

/** The whole purchase takes several pages and a carrier call: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 180_000;

/** A price that is not $0.00, e.g. $12.34 (a failed quote shows $0.00, spec 8). */
const NON_ZERO_PRICE = /^\$(?!0\.00$)\d[\d,]*\.\d{2}$/;

const openFromSidebar = async (page: Page, label: string, path: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
};

// Fields are found by role and accessible name: a required field's label also holds a '*' (hidden from screen
// readers), which a label-text match would have to spell out.

/** Picks the option whose text contains `text` (the option values are server ids the test does not know). */
const selectOptionContaining = async (select: Locator, text: string): Promise<void> => {
  const option = select.locator('option', { hasText: text });
  await option.waitFor({ state: 'attached' });
  const value = await option.getAttribute('value');
  if (!value) throw new Error(`no option with "${text}"`);
  await select.selectOption(value);
};

describe('Buying a label', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'lets a customer topped up by an admin buy a label from a saved address and SKU, download it and see it in Orders',
    async () => {
      const customer = newCustomer();
      await registerThroughApi(customer);
      const suffix = (customer.email.split('@')[0] ?? '').replace(/[^a-z0-9]/gi, '').slice(-10);
      const addressId = `HQ-${suffix}`;
      const skuName = `SKU-${suffix}`;

      // The admin sets the new customer's balance to $50.00.
      await openSignedIn(page, adminCredentials(), '/admin/user-management');
      await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
      const userRow = page.getByTestId('user-row').filter({ hasText: customer.email });
      await userRow.getByRole('button', { name: 'Edit', exact: true }).click();
      await userRow.getByRole('textbox', { name: 'Balance (USD)', exact: true }).fill('50.00');
      await userRow.getByRole('button', { name: 'Save', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm User Details Update' });
      await confirm.getByText('$50.00').waitFor();
      await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByText('User details updated successfully!').first().waitFor();
      await userRow.getByTestId('user-balance').filter({ hasText: '$50.00' }).waitFor();
      await saveScreenshot(page, 'label-purchase-admin-balance');
      await logoutThroughUi(page);

      // The customer saves a sender address.
      await openSignedIn(page, customer);
      await openFromSidebar(page, 'Address', '/main/address');
      await page.getByRole('heading', { level: 1, name: 'Address Book' }).waitFor();
      await page.getByRole('button', { name: 'Add Address', exact: true }).click();
      const addressDialog = page.getByRole('dialog', { name: 'Add New Address' });
      await addressDialog.getByRole('textbox', { name: 'Address ID', exact: true }).fill(addressId);
      await fillAddress(addressDialog, SAMPLE_SENDER);
      await addressDialog.getByRole('textbox', { name: 'Company', exact: true }).fill('Sender Goods LLC');
      await addressDialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555-010-0199');
      await addressDialog.getByRole('button', { name: 'Save Address', exact: true }).click();
      await page.getByText('Address added successfully!').first().waitFor();
      await page.getByRole('table', { name: 'Saved addresses' }).getByRole('row').filter({ hasText: addressId }).waitFor();
      await saveScreenshot(page, 'label-purchase-address-book');

      // ...and a SKU.
      await openFromSidebar(page, 'SKU Management', '/main/sku');
      await page.getByRole('heading', { level: 1, name: 'SKU Data Management' }).waitFor();
      await page.getByRole('button', { name: 'Add New SKU', exact: true }).click();
      const skuDialog = page.getByRole('dialog', { name: 'Add New SKU' });
      await skuDialog.getByRole('textbox', { name: 'SKU', exact: true }).fill(skuName);
      await skuDialog.getByRole('spinbutton', { name: 'Max Quantity', exact: true }).fill('4');
      await skuDialog.getByRole('spinbutton', { name: 'Weight per unit (lb)', exact: true }).fill('2.5');
      await skuDialog.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
      await skuDialog.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
      await skuDialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('4');
      await skuDialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Ceramic mug');
      await skuDialog.getByRole('button', { name: 'Add SKU', exact: true }).click();
      await page.getByText('New SKU Data Added').first().waitFor();
      await page.getByRole('table', { name: 'SKU data' }).getByRole('row').filter({ hasText: skuName }).waitFor();
      await saveScreenshot(page, 'label-purchase-sku');

      // Order Label: saved sender, typed recipient, saved SKU, a live price.
      await openFromSidebar(page, 'Order Label', '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });

      const from = page.getByRole('region', { name: 'From Address' });
      await selectOptionContaining(from.getByRole('combobox', { name: 'Saved address', exact: true }), addressId);
      expect(await from.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Sam Sender');
      expect(await from.getByRole('textbox', { name: 'ZIP', exact: true }).inputValue()).toBe('94043');

      await fillAddress(page.getByRole('region', { name: 'To Address' }), SAMPLE_RECEIVER);

      const packageSection = page.getByRole('region', { name: 'Package Information' });
      await selectOptionContaining(packageSection.getByRole('combobox', { name: 'Saved SKU', exact: true }), skuName);
      expect(await packageSection.getByRole('spinbutton', { name: 'Weight (lb)', exact: true }).inputValue()).toBe('2.5');
      expect(await packageSection.getByRole('textbox', { name: 'SKU', exact: true }).inputValue()).toBe(skuName);

      // The quote for the SKU's 2.5 lb (the price is asked for 400 ms after the last change).
      await page.locator('[data-testid="live-price"][data-priced-weight="2.5"]:not([data-pricing])').filter({ hasText: NON_ZERO_PRICE }).waitFor();
      await saveScreenshot(page, 'label-purchase-order-form');

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        created.getByRole('button', { name: 'Download Label', exact: true }).click(),
      ]);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(pdf.length).toBeGreaterThan(1024);
      await saveScreenshot(page, 'label-purchase-label-created');
      await created.getByRole('button', { name: 'Create another', exact: true }).click();
      await created.waitFor({ state: 'hidden' });

      // The balance in the avatar menu went down from $50.00.
      await page.getByRole('button', { name: 'Open account menu' }).click();
      const balance = page.getByTestId('user-menu-balance');
      await balance.filter({ hasNotText: '$50.00' }).waitFor();
      const dollars = Number((await balance.textContent())?.replace(/[$,]/g, ''));
      expect(dollars).toBeLessThan(50);
      expect(dollars).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Escape');

      // Orders lists the one completed order.
      await openFromSidebar(page, 'Orders', '/main/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      const rows = page.getByTestId('order-row');
      await rows.first().waitFor();
      await refreshOrdersUntil(page, rows.and(page.locator('[data-status="completed"]')));
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-status')).toBe('completed');
      expect(await rows.first().textContent()).toContain('USPS Priority Mail');
      await rows.first().getByRole('button', { name: 'Download', exact: true }).waitFor();
      await saveScreenshot(page, 'label-purchase-orders');

      await openFromSidebar(page, 'Dashboard', '/main/dashboard');
      await page.getByRole('table', { name: 'Recent orders' }).waitFor();
      await saveScreenshot(page, 'label-purchase-dashboard');
    },
    FLOW_TIMEOUT_MS,
  );
});
