import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { loginThroughApi, openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
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

/** `$1,234.56` as cents, for comparing what a page shows with what the API answered. */
const centsOf = (text: string): number => {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number((match[2] ?? '').replace(/,/g, '')) * 100 + Number(match[3]));
};
/** The value of a details list's item (a `dt` label and its `dd` value). */
const detailValue = async (scope: Locator, label: string): Promise<string> =>
  (await scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
const usd = (cents: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

interface AdminRow {
  id: string;
  carriers: string[];
  chargedCents: number;
  costCents: number | null;
  marginCents: number | null;
}

describe("The admin's records", () => {
  const currentPage = useBrowserPage();

  it('finds a customer label by its tracking number in Orders & Labels, opens it and downloads the PDF', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    const tracking = await buyLabel(customer.token);

    await openSignedIn(page, adminCredentials(), '/admin/order-label-management');
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

  it('filters Orders & Labels by the carrier that sold the label, and shows its cost and margin in the row and the details', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    const tracking = await buyLabel(customer.token);
    const admin = await loginThroughApi(adminCredentials());
    const listed = await apiCall(`/api/admin/orders?userId=${customer.userId}`, { token: admin.token });
    const [bought] = (listed.body as { items: AdminRow[] }).items;
    // The embedded system sells through the sandbox carrier, which records a postage cost on every label.
    expect(bought).toMatchObject({ carriers: ['sandbox'], costCents: expect.any(Number) });
    const costCents = bought?.costCents ?? 0;
    expect(bought?.marginCents).toBe((bought?.chargedCents ?? 0) - costCents);
    expect((await apiCall('/api/admin/orders?carrier=fedex', { token: admin.token })).status).toBe(400);

    await openSignedIn(page, adminCredentials(), `/admin/order-label-management?userId=${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Orders & Labels' }).waitFor();
    const rows = page.getByTestId('admin-order-row');
    await rows.filter({ hasText: tracking }).waitFor();
    const carrier = page.getByRole('combobox', { name: 'Carrier', exact: true });

    await carrier.selectOption({ label: 'EasyPost' });
    await page.waitForURL((url) => url.searchParams.get('carrier') === 'easypost' && url.searchParams.get('userId') === customer.userId);
    await page.getByText('No orders found').waitFor();

    await carrier.selectOption({ label: 'Sandbox' });
    await page.waitForURL((url) => url.searchParams.get('carrier') === 'sandbox');
    await page.waitForFunction(() => !document.querySelector('[data-stale]') && document.querySelectorAll('[data-testid="admin-order-row"]').length === 1);
    const row = rows.first();
    expect(await row.getByTestId('row-carriers').textContent()).toBe('Sandbox');
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([usd(costCents), usd(bought?.marginCents ?? 0)]));

    await row.getByRole('button', { name: /^Open order/ }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(`^Order of ${customer.name}`) });
    await drawer.getByText('Rita Records').waitFor();
    expect(await detailValue(drawer, 'Carrier')).toBe('Sandbox');
    expect(centsOf(await detailValue(drawer, 'Carrier cost'))).toBe(costCents);
    expect(centsOf(await detailValue(drawer, 'Margin'))).toBe(bought?.marginCents);
    await saveScreenshot(page, 'admin-records-carrier');
  }, 120_000);

  it("shows a batch's carrier cost and margin in its details, with each bought label's carrier, price, cost and margin", async () => {
    const page = currentPage();
    const customer = await fundedCustomer(10_000);
    const batchId = await startBatch(customer, bulkRows(3, await serviceNameFor(customer)));
    expect((await waitForFinalBatch(customer, batchId)).status).toBe('completed');
    const admin = await loginThroughApi(adminCredentials());
    const labels = (await apiCall(`/api/admin/orders/batch/${batchId}/labels`, { token: admin.token })).body as {
      total: number;
      items: Array<{ priceCents: number; costCents: number | null; marginCents: number | null }>;
      costs: { costCents: number | null; marginCents: number | null; labelsWithoutCost: number };
    };
    expect(labels.total).toBe(3);
    expect(labels.costs.costCents).toBe(labels.items.reduce((sum, label) => sum + (label.costCents ?? 0), 0));
    expect(labels.costs.labelsWithoutCost).toBe(0);

    await openSignedIn(page, adminCredentials(), `/admin/order-label-management?userId=${customer.userId}&kind=batch&carrier=sandbox`);
    const row = page.getByTestId('admin-order-row').filter({ hasText: 'Batch of 3' });
    await row.waitFor();
    expect(await row.getByTestId('row-carriers').textContent()).toBe('Sandbox');
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([usd(labels.costs.costCents ?? 0), usd(labels.costs.marginCents ?? 0)]));
    await row.getByRole('button', { name: /^Open batch/ }).click();

    const drawer = page.getByRole('dialog', { name: new RegExp(`^Batch of ${customer.name}`) });
    const bought = drawer.getByRole('table', { name: 'Bought labels' }).getByTestId('batch-label-row');
    await bought.first().waitFor();
    expect(await bought.count()).toBe(3);
    for (const [index, label] of labels.items.entries()) {
      expect(await bought.nth(index).getByRole('cell').allTextContents()).toEqual([
        String(index + 1), expect.stringContaining(`Rita Receiver ${index + 1}`), 'Sandbox', usd(label.priceCents), usd(label.costCents ?? 0), usd(label.marginCents ?? 0),
      ]);
    }
    expect(await detailValue(drawer, 'Carriers')).toBe('Sandbox');
    expect(centsOf(await detailValue(drawer, 'Carrier cost'))).toBe(labels.costs.costCents);
    expect(centsOf(await detailValue(drawer, 'Margin'))).toBe(labels.costs.marginCents);
    await saveScreenshot(page, 'admin-records-batch-costs');
  }, 180_000);

  it("shows today's and the last 30 days' revenue, carrier cost and margin on the admin dashboard", async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    await buyLabel(customer.token);
    const admin = await loginThroughApi(adminCredentials());
    const labelsToday = async () => ((await apiCall('/api/admin/stats', { token: admin.token })).body as { margins: { today: { labels: number } } }).margins.today.labels;
    const before = await labelsToday();
    expect(before).toBeGreaterThanOrEqual(1);

    await openSignedIn(page, adminCredentials(), '/admin/dashboard');
    const card = page.getByRole('region', { name: 'Carrier cost and margin' });
    const today = card.locator('[data-testid="margin-row"][data-span="today"]');
    await today.waitFor();
    const cells = await today.getByRole('cell').allTextContents();
    const after = await labelsToday();
    // Other browser tests may buy labels meanwhile: the page shows a count between the two readings.
    expect(Number(cells[1])).toBeGreaterThanOrEqual(before);
    expect(Number(cells[1])).toBeLessThanOrEqual(after);
    const [revenue, cost, margin] = [cells[2], cells[3], cells[4]].map((cell) => centsOf(cell ?? ''));
    expect(margin).toBe((revenue ?? 0) - (cost ?? 0));
    await card.locator('[data-testid="margin-row"][data-span="lastDays"]').getByRole('cell', { name: 'Last 30 days' }).waitFor();
    await saveScreenshot(page, 'admin-dashboard-margins');
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

    await openSignedIn(page, adminCredentials(), `/admin/audit-log?targetId=${customer.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const row = page.getByTestId('audit-row').filter({ hasText: 'Set balance' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('balance: $50.00 → $12.50');
    await row.getByRole('button', { name: 'Before / after' }).click();
    await page.getByText('"balanceCents": 1250').waitFor();
    await saveScreenshot(page, 'admin-records-audit');
  }, 120_000);

  it("names a customer's own security change as theirs, not as an admin's", async () => {
    const page = currentPage();
    const customer = await fundedCustomer(0);
    const created = await apiCall('/api/keys', { method: 'POST', token: customer.token, body: { name: 'audit wording', scopes: ['labels:read'], password: customer.password } });
    expect(created.status).toBe(201);

    await openSignedIn(page, adminCredentials(), `/admin/audit-log?actorId=${customer.userId}`);
    await page.getByText("Every admin action, and each account's own security changes").waitFor();
    await page.getByRole('columnheader', { name: 'By', exact: true }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.getByTestId('audit-row').first().waitFor();
    // The filter shows the customer once its list of people has loaded the customer's option.
    const by = page.getByRole('combobox', { name: 'By', exact: true });
    await by.locator(`option[value="${customer.userId}"]`).waitFor({ state: 'attached' });
    expect(await by.inputValue()).toBe(customer.userId);
  }, 120_000);
});
