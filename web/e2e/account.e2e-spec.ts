import type { Page } from 'playwright-core';
import { loginThroughApi, loginThroughUi, newCustomer, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { appUrl } from './support/env';

const passwordField = (page: Page, label: string) => page.getByRole('textbox', { name: label }).or(page.getByLabel(label, { exact: true }));

describe('Account', () => {
  const currentPage = useBrowserPage();

  it('changes the password only with the current one, keeps this session and ends the others', async () => {
    const page = currentPage();
    const customer = newCustomer();
    await registerThroughApi(customer);
    const otherSession = await loginThroughApi(customer);
    await loginThroughUi(page, customer);
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl('/main/account'));
    await page.getByRole('heading', { name: 'Account', exact: true }).first().waitFor();

    const newPassword = `${customer.password}-new`;
    await passwordField(page, 'New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Enter your current password to set a new one').first().waitFor();

    await passwordField(page, 'Current Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Current password is incorrect').first().waitFor();

    await passwordField(page, 'Current Password').fill(customer.password);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Account updated successfully').first().waitFor();
    await saveScreenshot(page, 'account-password-changed');

    // The other session's token no longer works; this one does (the page still loads the user).
    const stale = await fetch(appUrl('/api/auth/verify'), { headers: { token: otherSession.token } });
    expect(stale.status).toBe(401);
    await page.goto(appUrl('/main/dashboard'));
    await waitForPath(page, '/main/dashboard');
    await expect(loginThroughApi({ email: customer.email, password: newPassword })).resolves.toMatchObject({ token: expect.any(String) });
  });
});
