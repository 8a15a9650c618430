import type { Page } from 'playwright-core';
import { loginThroughApi, openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import type { FundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';
import { socketConnected } from './support/socket-ready';

/** What a new customer tripped on (issue 26): each promise and count the app shows is true, and says what it means. */

const FLAT_PRICE_TEXT = 'Any weight from 20 lb up to 70 lb costs the same.';

const signIn = (page: Page, customer: FundedCustomer): Promise<void> => openSignedIn(page, customer);

/** One label bought through the API, as the order form buys it. */
const buySingleLabel = async (customer: FundedCustomer, serviceName: string): Promise<void> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `new-customer-${customer.userId}` },
    body: JSON.stringify({
      service_name: serviceName,
      manifested: false,
      courier: 'usps',
      sender: { sender_name: 'Ann Sender', sender_phone: '555-111-2222', sender_company: '', sender_address1: '1 Main St', sender_address2: '', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
      receiver: { receiver_name: 'Bob Receiver', receiver_phone: '', receiver_company: 'Acme', receiver_address1: '200 Pine Ave', receiver_address2: '', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
      package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2, package_weight_unit: 'LB', package_description: 'Mug', package_reference1: '', package_reference2: '' },
    }),
  });
  if (response.status !== 200) throw new Error(`buying a label answered ${response.status}: ${await response.text()}`);
};

const adminToken = async (): Promise<string> => (await loginThroughApi(adminCredentials())).token;

describe('What a new customer trips on', () => {
  const currentPage = useBrowserPage();

  it('promises on the landing page and FAQ only what is true: one price from 20 lb to 70 lb, no chat that is not there', async () => {
    const page = currentPage();
    const site = (await apiCall('/api/public/site')).body as { communityChatUrl: string | null; chatWidgetScriptUrl: string | null };

    // The prerendered page, as a crawler or a visitor without JavaScript reads it.
    const html = await (await fetch(appUrl('/'))).text();
    expect(html).toContain(FLAT_PRICE_TEXT);
    expect(html).not.toContain('120 lb');
    expect(html.includes('Join our community chat')).toBe(site.communityChatUrl !== null);

    await page.goto(appUrl('/'));
    await page.locator('#pricing').getByText(FLAT_PRICE_TEXT).waitFor();
    await page.getByRole('button', { name: 'Does a heavier parcel cost more?' }).click();
    await page.locator('#faq').getByText('Not from 20 lb on: with our flat pricing, any weight from 20 lb up to 70 lb costs the same.').waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('120 lb');
    // Help through a chat is promised only where the operator configured one (COMMUNITY_CHAT_URL, CHAT_WIDGET_SCRIPT_URL).
    if (site.communityChatUrl === null) expect(text).not.toMatch(/community chat/i);
    expect(await page.getByRole('link', { name: 'Join our community chat' }).count()).toBe(site.communityChatUrl === null ? 0 : 1);
    if (site.chatWidgetScriptUrl === null) expect(await page.locator('script[data-chat-widget]').count()).toBe(0);
    await saveScreenshot(page, 'new-customer-landing');
  });

  it('says what Total Orders counts, single labels and batch labels apart, each linking to its page', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(50_000);
    const serviceName = await serviceNameFor(customer);
    await buySingleLabel(customer, serviceName);
    const batch = await waitForFinalBatch(customer, await startBatch(customer, bulkRows(2, serviceName)));
    expect(batch.processedCount).toBe(2);

    await signIn(page, customer);
    const totals = page.getByRole('region', { name: 'Account totals' });
    await totals.getByText('Labels bought: 1 single · 2 in batches').waitFor();
    await saveScreenshot(page, 'new-customer-dashboard-totals');

    await totals.getByRole('link', { name: '1 single' }).click();
    await waitForPath(page, '/main/orders');
    await page.goBack();
    await totals.getByRole('link', { name: '2 in batches' }).click();
    await waitForPath(page, '/main/batch-orders');
  }, 300_000);

  it('signs a blocked user out of their open tab at once and tells them why on the login page', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(0);
    const connected = socketConnected(page);
    await signIn(page, customer);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await waitForPath(page, '/main/orders');
    // The page has its socket open before the admin acts.
    await connected;

    const blocked = await apiCall(`/api/auth/users/activation/${customer.userId}`, { method: 'POST', token: await adminToken(), body: { activation: 'block' } });
    expect(blocked.status).toBe(200);

    await waitForPath(page, '/login');
    await page.getByTestId('form-error').filter({ hasText: 'Your account has been blocked. Please contact support.' }).waitFor();
    await saveScreenshot(page, 'new-customer-blocked-signed-out');
    expect(await page.evaluate(() => localStorage.getItem('labeldesk.auth'))).not.toContain(customer.userId);
  });

  it('names a deleted user in the audit log by the name and e-mail the action was taken on', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(0);
    const deleted = await fetch(appUrl(`/api/auth/users/${customer.userId}`), { method: 'DELETE', headers: { token: await adminToken() } });
    expect(deleted.status).toBe(200);

    await openSignedIn(page, adminCredentials(), `/admin/audit-log?targetId=${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const row = page.getByTestId('audit-row').filter({ hasText: 'Deleted user' }).first();
    await row.waitFor();
    await row.getByText(customer.name, { exact: true }).waitFor();
    await row.getByText(customer.email, { exact: true }).waitFor();
    await saveScreenshot(page, 'new-customer-audit-deleted-user');
  });

  it('keeps the Invite page from role user, as the sidebar does, and opens it to an admin', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(0);
    await signIn(page, customer);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invites' }).count()).toBe(0);
    await page.goto(appUrl('/main/invite'));
    await waitForPath(page, '/main/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await saveScreenshot(page, 'new-customer-invite-refused');

    await openSignedIn(page, adminCredentials(), '/main/invite');
    await page.getByRole('heading', { level: 1, name: /^Invite/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/main/invite');
  });
});
