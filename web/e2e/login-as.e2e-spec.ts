import type { Page } from 'playwright-core';
import { loginThroughApi, loginThroughUi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, fundedCustomer, type FundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';
import { buyLabelWith } from './support/single-label';

/** The admin signs in, finds the customer on User Management and signs in as them; answers once the banner shows. */
const signInAs = async (page: Page, customer: FundedCustomer): Promise<void> => {
  await loginThroughUi(page, adminCredentials());
  await waitForPath(page, '/main/dashboard');
  await page.goto(appUrl('/admin/user-management'));
  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  const row = page.getByTestId('user-row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: `Login as User ${customer.name}` }).click();
  await waitForPath(page, '/main/dashboard');
  await page.getByTestId('impersonation-banner').getByText(`Signed in as ${customer.name} —`).waitFor();
};

/** The session token the app holds now (the login-as one while the banner shows). */
const sessionToken = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('labeldesk.auth') ?? '{}') as { state?: { token?: string } }).state?.token ?? '');

/** The sandbox scans half its labels at once here (SANDBOX_TRACKING_SHARE in .ci/run): those are not voided. */
const MAX_PURCHASES = 12;

/** Buys labels with this token until one is voided (a scanned one is refused, 422, and audited as nothing); its order id. */
const voidedLabel = async (token: string): Promise<string> => {
  for (let bought = 0; bought < MAX_PURCHASES; bought += 1) {
    const orderId = await buyLabelWith(token);
    const voided = await apiCall(`/api/orders/${orderId}/void`, { method: 'POST', token });
    if (voided.status === 200) return orderId;
    expect(voided.status).toBe(422);
  }
  throw new Error(`no label of ${MAX_PURCHASES} could be voided`);
};

/**
 * An admin signed in as a customer (decision 069): the Account page says why two-factor sign-in and webhook secrets are
 * not theirs to change instead of shipping service them, and the audit log shows what they did as "admin as customer".
 */
describe('Login as User leaves nothing behind', () => {
  const currentPage = useBrowserPage();

  it("shows the customer's Account page without two-factor or webhook-secret controls, each saying why", async () => {
    const page = currentPage();
    const customer = await fundedCustomer(0);
    const hook = await apiCall('/api/webhooks', { method: 'POST', token: customer.token, body: { url: 'http://127.0.0.1:9/login-as', events: ['label.purchased'] } });
    expect(hook.status).toBe(201);
    await signInAs(page, customer);

    await page.goto(appUrl('/main/account'));
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByText('Signed in as this customer, you cannot change their two-factor authentication').waitFor();
    expect(await twoFactor.getByRole('button').count()).toBe(0);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByText('Signed in as this customer, you cannot add a webhook or rotate its secret').waitFor();
    const rotate = webhooks.getByRole('button', { name: 'Rotate Secret' });
    expect(await rotate.isDisabled()).toBe(true);
    expect(await rotate.getAttribute('aria-describedby')).toBe('webhook-secrets-refused');
    expect(await webhooks.getByRole('textbox', { name: 'Endpoint URL' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await twoFactor.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'login-as-account');

    // The customer's own session is offered all of it.
    await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Return to my account' }).click();
    await waitForPath(page, '/admin/user-management');
    await loginThroughUi(page, customer);
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl('/main/account'));
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    expect(await page.getByRole('region', { name: 'Webhooks' }).getByRole('button', { name: 'Rotate Secret' }).isDisabled()).toBe(false);
    expect(await page.getByTestId('login-as-notice').count()).toBe(0);
  });

  it('lists a label voided while signed in as the customer as the admin\'s action, "as" the customer, in the audit log', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(MAX_PURCHASES * 1_000);
    await signInAs(page, customer);
    const loginAs = await sessionToken(page);
    const orderId = await voidedLabel(loginAs);
    await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Return to my account' }).click();
    await waitForPath(page, '/admin/user-management');

    const admin = (await loginThroughApi(adminCredentials())) as unknown as { user: { name: string } };
    await page.goto(appUrl(`/admin/audit-log?targetId=${orderId}`));
    const row = page.getByTestId('audit-row').filter({ hasText: `Order ${orderId}` });
    await row.waitFor();
    const actor = row.getByTestId('audit-acting-as');
    expect(await actor.getAttribute('title')).toBe(`${admin.user.name} (${adminCredentials().email}) as ${customer.name} (${customer.email})`);
    await actor.getByText(`as ${customer.name} (${customer.email})`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'login-as-audit-log');
  });
});
