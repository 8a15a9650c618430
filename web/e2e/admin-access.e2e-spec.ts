import type { Page } from 'playwright-core';
import { newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { adminCredentials, appUrl } from './support/env';

describe('The admin area', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it('sends a signed-in customer who opens /admin/dashboard back to the landing page', async () => {
    const customer = newCustomer();
    await registerThroughApi(customer);
    await openSignedIn(page, customer);

    await page.goto(appUrl('/admin/dashboard'));
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await saveScreenshot(page, 'customer-blocked-from-admin');
  });

  it('shows an admin the Admin Panel entry in the sidebar, which leads through /main/admin to the admin dashboard', async () => {
    await openSignedIn(page, adminCredentials());

    const adminLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Panel' });
    await adminLink.waitFor();
    await adminLink.click();
    await waitForPath(page, '/main/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    await page.getByRole('link', { name: 'Open the Admin Panel' }).click();

    await waitForPath(page, '/admin/dashboard');
    // The admin shell's header replaces the customer one once the server has confirmed the role.
    await page.getByTestId('top-bar-title').filter({ hasText: /^Admin Panel$/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Business totals' }).or(page.getByLabel('Business totals')).first().waitFor();
    await page.getByLabel('Labels and revenue per day, last 30 days').locator('svg').first().waitFor();
    await saveScreenshot(page, 'admin-dashboard');
  });
});
