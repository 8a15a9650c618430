import { readFile } from 'node:fs/promises';
import { loginThroughApi, loginThroughUi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';

const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Records', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

/** Buys one label as the customer, through the API the Order Label page uses; answers its tracking number. */
const buyLabel = async (token: string): Promise<string> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': `records-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(ORDER),
  });
  const body = (await response.json()) as { data?: { trackingNumber?: string } };
  if (response.status !== 200 || !body.data?.trackingNumber) throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return body.data.trackingNumber;
};

describe("The admin's records", () => {
  const currentPage = useBrowserPage();

  it('finds a customer label by its tracking number in Orders & Labels, opens it and downloads the PDF', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    const tracking = await buyLabel(customer.token);

    await loginThroughUi(page, adminCredentials());
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl('/admin/order-label-management'));
    await page.getByRole('heading', { level: 1, name: 'Orders & Labels' }).waitFor();
    await page.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tracking') === tracking);
    // The previous (unfiltered) rows stay dimmed while the search runs: wait for the answer itself.
    await page.waitForFunction(() => !document.querySelector('[data-stale]') && document.querySelectorAll('[data-testid="admin-order-row"]').length === 1);
    const rows = page.getByTestId('admin-order-row');
    await rows.filter({ hasText: tracking }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(customer.email);
    await rows.first().getByRole('button', { name: /^Open order/ }).click();

    const drawer = page.getByRole('dialog', { name: new RegExp(`^Order of ${customer.name}`) });
    await drawer.getByText('Rita Records').waitFor();
    await saveScreenshot(page, 'admin-records-order');
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download label' }).click()]);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  }, 120_000);

  it("shows an admin's balance change in the audit log, with the balance before and after", async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    const admin = await loginThroughApi(adminCredentials());
    const changed = await fetch(appUrl(`/api/auth/users/details/${customer.userId}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: admin.token, 'idempotency-key': `records-audit-${Date.now()}` },
      body: JSON.stringify({ balance: 1_250 }),
    });
    expect(changed.status).toBe(200);

    await loginThroughUi(page, adminCredentials());
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl(`/admin/audit-log?targetId=${customer.userId}`));
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const row = page.getByTestId('audit-row').filter({ hasText: 'Set balance' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('balance: $50.00 → $12.50');
    await row.getByRole('button', { name: 'Before / after' }).click();
    await page.getByText('"balanceCents": 1250').waitFor();
    await saveScreenshot(page, 'admin-records-audit');
  }, 120_000);
});
