import type { Page } from 'playwright-core';
import { newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';

/** Set on the page's window once it is open; a full reload would lose it. */
type MarkedWindow = Window & { __noReload?: boolean };

const openFromSidebar = async (page: Page, label: string, path: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
};

/** A new customer, signed in through the UI, on the Deposit page (opened from the sidebar). */
const openDepositPageAsNewCustomer = async (page: Page): Promise<void> => {
  const customer = newCustomer();
  await registerThroughApi(customer);
  await openSignedIn(page, customer);
  await openFromSidebar(page, 'Deposit', '/main/deposit');
  await page.getByRole('heading', { level: 1, name: 'Deposit' }).waitFor();
};

// The CI server runs without BTCPay Server configured, so top-ups go to the built-in test provider and its modal.
describe('Topping up the balance', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it('refuses an amount below the $5.00 minimum as it is typed', async () => {
    await openDepositPageAsNewCustomer(page);
    const amount = page.getByRole('textbox', { name: 'Amount (USD)', exact: true });
    const pay = page.getByRole('button', { name: 'Pay with BTCPay', exact: true });

    await amount.fill('2');
    await page.getByText('The minimum top-up is $5.00', { exact: true }).waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await saveScreenshot(page, 'top-up-minimum');

    await amount.fill('5');
    expect(await page.getByText('The minimum top-up is $5.00', { exact: true }).count()).toBe(0);
    expect(await pay.isEnabled()).toBe(true);
  });

  it('pays a $25.00 test invoice and shows the settled deposit and the new balance without a reload', async () => {
    await openDepositPageAsNewCustomer(page);
    await page.getByText('No deposit history found', { exact: true }).waitFor();
    await page.evaluate(() => {
      (window as MarkedWindow).__noReload = true;
    });

    await page.getByRole('textbox', { name: 'Amount (USD)', exact: true }).fill('25');
    await page.getByRole('button', { name: 'Pay with BTCPay', exact: true }).click();
    await page.getByText('Generating Invoice...', { exact: true }).waitFor();

    // The built-in provider's modal says plainly that this is test money.
    const dialog = page.getByRole('dialog', { name: 'Test invoice' });
    await dialog.waitFor();
    await dialog.getByText('This is TEST MONEY', { exact: true }).waitFor();
    await dialog.getByText(/built-in test payment provider: no real payment is taken/).waitFor();
    await dialog.getByTestId('test-invoice-amount').filter({ hasText: '$25.00' }).waitFor();
    expect(await dialog.getByTestId('test-invoice-id').textContent()).toMatch(/\S/);
    // The button stays busy while the modal is open.
    expect(await page.getByText('Generating Invoice...', { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'top-up-test-invoice');

    await dialog.getByRole('button', { name: 'Mark as paid', exact: true }).click();
    await dialog.getByText('Payment settled', { exact: true }).waitFor();
    await dialog.getByTestId('test-invoice-status').filter({ hasText: 'Settled' }).waitFor();
    await saveScreenshot(page, 'top-up-settled');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Pay with BTCPay', exact: true }).waitFor();

    // The history lists the settled test deposit.
    const row = page.getByTestId('deposit-row').filter({ hasText: '$25.00' });
    await page.locator('[data-testid="deposit-row"][data-status="Settled"]').filter({ hasText: '$25.00' }).waitFor();
    expect(await page.getByTestId('deposit-row').count()).toBe(1);
    expect(await row.getByTestId('test-badge').textContent()).toBe('TEST');
    expect(await page.getByText('No deposit history found', { exact: true }).count()).toBe(0);

    // The balance in the avatar menu rose to $25.00.
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByTestId('user-menu-balance').filter({ hasText: '$25.00' }).waitFor();
    await saveScreenshot(page, 'top-up-balance');
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'top-up-history');

    // The dashboard shows the same deposit, with its colour and TEST badge, and the new totals.
    await openFromSidebar(page, 'Dashboard', '/main/dashboard');
    const recent = page.locator('[data-testid="recent-deposit-row"][data-status="Settled"]').filter({ hasText: '$25.00' });
    await recent.waitFor();
    expect(await recent.getByTestId('test-badge').count()).toBe(1);
    // Balance and Total Deposit both read $25.00.
    await page.getByRole('region', { name: 'Account totals' }).getByText('$25.00', { exact: true }).nth(1).waitFor();
    await saveScreenshot(page, 'top-up-dashboard');

    expect(await page.evaluate(() => (window as MarkedWindow).__noReload)).toBe(true);
  });
});
