import type { Page } from 'playwright-core';
import { loginThroughApi, newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

const passwordField = (page: Page, label: string) => page.getByRole('textbox', { name: label }).or(page.getByLabel(label, { exact: true }));

describe('Account', () => {
  const currentPage = useBrowserPage();

  it('changes the password only with the current one, keeps this session and ends the others', async () => {
    const page = currentPage();
    const customer = newCustomer();
    await registerThroughApi(customer);
    const otherSession = await loginThroughApi(customer);
    await openSignedIn(page, customer, '/main/account');
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

  it('lists the API keys a new password would revoke, keeps them when unticked and revokes them by default', async () => {
    const page = currentPage();
    const customer = newCustomer();
    const session = await registerThroughApi(customer);
    const userId = String((session.user as unknown as { _id: string })._id);
    const made = await fetch(appUrl('/api/keys'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: session.token },
      body: JSON.stringify({ name: 'Warehouse script', scopes: ['labels:read'], password: customer.password }),
    });
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const keyWorks = async () => (await fetch(appUrl(`/api/orders/recent/${userId}`), { headers: { authorization: `Bearer ${key}` } })).status;

    await openSignedIn(page, customer, '/main/account');
    await page.getByTestId('api-key-row').first().waitFor();
    const toRevoke = page.getByTestId('keys-to-revoke');
    expect(await toRevoke.count()).toBe(0);

    // First change: the holder unticks the box, and the key keeps working.
    const second = `${customer.password}-2`;
    await passwordField(page, 'New Password').fill(second);
    await toRevoke.getByText(`Warehouse script (${key.slice(0, 12)}…${key.slice(-4)})`).waitFor();
    const box = toRevoke.getByRole('checkbox', { name: 'Also revoke my 1 API key' });
    expect(await box.isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-password-revokes-keys');
    await toRevoke.getByText('Also revoke my 1 API key').click();
    await toRevoke.getByText('They keep working').waitFor();
    await passwordField(page, 'Current Password').fill(customer.password);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Account updated successfully', { exact: true }).first().waitFor();
    expect(await keyWorks()).toBe(200);

    // Second change, box left ticked: the key is revoked with it.
    await passwordField(page, 'New Password').fill(`${customer.password}-3`);
    expect(await toRevoke.getByRole('checkbox', { name: 'Also revoke my 1 API key' }).isChecked()).toBe(true);
    await passwordField(page, 'Current Password').fill(second);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Account updated successfully; 1 API key revoked').first().waitFor();
    await page.getByTestId('api-keys-section').getByText('No API keys yet.').waitFor();
    expect(await keyWorks()).toBe(401);
  });
});
