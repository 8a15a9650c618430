import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch, type FundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

/** A POST to the public API as a customer's own software sends it: credential, Idempotency-Key, JSON. */
const postThroughApi = (path: string, credential: Record<string, string>, body: unknown): Promise<Response> =>
  fetch(appUrl(path), {
    method: 'POST',
    headers: { ...credential, 'Content-Type': 'application/json', 'Idempotency-Key': `test-mode-${randomUUID()}` },
    body: JSON.stringify(body),
  });

/** One label bought through the public API (insured when `insuredCents` is given); answers its id and tracking number. */
const buyLabelThroughApi = async (credential: Record<string, string>, serviceName: string, receiverName: string, insuredCents?: number): Promise<{ id: string; trackingNumber: string }> => {
  const response = await postThroughApi('/api/v1/shipments', credential, {
    courier: 'usps',
    service_name: serviceName,
    sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
    receiver: { receiver_name: receiverName, receiver_address1: '200 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
    package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    ...(insuredCents === undefined ? {} : { insurance: { declared_value_cents: insuredCents } }),
  });
  const body = (await response.json()) as { id?: string; status?: string; tracking_number?: string };
  expect([response.status, body.status]).toEqual([201, 'completed']);
  return { id: String(body.id), trackingNumber: String(body.tracking_number) };
};

const buyThroughApi = async (credential: Record<string, string>, serviceName: string, receiverName: string): Promise<string> => (await buyLabelThroughApi(credential, serviceName, receiverName)).id;

/** Plays money onto the key's test balance. */
const topUpTestBalance = async (key: string, cents: number): Promise<void> => {
  const topUp = await postThroughApi('/api/v1/balance/test-top-up', { authorization: `Bearer ${key}` }, { amount_cents: cents });
  expect([topUp.status, await topUp.json()]).toEqual([201, { available_cents: cents, held_cents: 0 }]);
};

/** Makes an `ld_test_` key on the Account page (with the password, as a customer does) that may buy labels. */
const makeTestKey = async (page: Page, customer: FundedCustomer): Promise<string> => {
  await openSignedIn(page, customer, '/main/account');
  const section = page.getByTestId('api-keys-section');
  await section.getByText('No API keys yet.').waitFor();
  await section.getByLabel('Key name', { exact: true }).fill('Sandbox checkout');
  await section.getByText('labels:buy', { exact: true }).click();
  await section.getByText(/^Test key \(ld_test_…\)/).click();
  await section.getByLabel('Your password', { exact: true }).fill(customer.password);
  await section.getByRole('button', { name: 'Create key', exact: true }).click();
  const key = (await page.getByTestId('new-api-key-value').textContent()) ?? '';
  expect(key).toMatch(/^ld_test_[0-9A-Za-z]{49}$/);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  return key;
};

describe('Test mode', () => {
  const currentPage = useBrowserPage();

  it('shows a label bought with a test key only while the Test mode switch is on, badged Test under a banner with the test balance, with buying disabled and saying why', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5000);
    const serviceName = await serviceNameFor(customer);
    const key = await makeTestKey(page, customer);

    // The key's own software: play money on the test balance, then a label against the sandbox.
    await topUpTestBalance(key, 2000);
    const testLabel = await buyThroughApi({ authorization: `Bearer ${key}` }, serviceName, 'Tess Testmode');
    // And a real one, bought with the session, so each list is seen leaving the other's label out.
    const liveLabel = await buyThroughApi({ token: customer.token }, serviceName, 'Liam Livemode');

    await page.goto(appUrl('/main/orders'));
    const testRow = page.locator(`[data-testid="order-row"][data-order-id="${testLabel}"]`);
    const liveRow = page.locator(`[data-testid="order-row"][data-order-id="${liveLabel}"]`);
    const toggle = page.getByRole('checkbox', { name: 'Test mode', exact: true });
    const banner = page.getByRole('region', { name: 'Test mode' });

    // Off (as in a browser that never switched it): the live list, no banner, and the test label is not in it.
    await liveRow.waitFor();
    expect([await toggle.isChecked(), await banner.count(), await testRow.count()]).toEqual([false, 0, 0]);

    await page.getByTestId('test-mode-switch').click();
    await testRow.waitFor();
    await testRow.getByText('Test', { exact: true }).waitFor();
    await banner.getByText('not postage, no real money').waitFor();
    expect(await liveRow.count()).toBe(0);
    // The test balance beside it (decision 124): the top-up less the test label, as the session reads it; the live one apart.
    const balanceOf = async (mode: string) => ((await (await fetch(appUrl(`/api/v1/balance?mode=${mode}`), { headers: { token: customer.token } })).json()) as { available_cents: number }).available_cents;
    const testBalance = { available_cents: await balanceOf('test') };
    expect(testBalance.available_cents).toBeGreaterThan(0);
    expect(testBalance.available_cents).toBeLessThan(2000);
    expect(await balanceOf('live')).toBeLessThan(5000);
    const testDollars = `$${(testBalance.available_cents / 100).toFixed(2)}`;
    await banner.getByTestId('test-mode-balance').getByText(`Test balance ${testDollars}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByTestId('user-menu-test-balance').getByText(testDollars, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // The web app buys with the session, always live: in test mode its buy buttons are disabled and say why.
    const orderLabel = page.getByRole('button', { name: 'Order Label', exact: true });
    expect(await orderLabel.isDisabled()).toBe(true);
    const reasonId = await orderLabel.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toContain('Switch test mode off to buy');
    expect(await testRow.getByRole('button', { name: /^Return label for / }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-mode-orders');

    // Remembered in this browser: a reload is still in test mode, and so is the label form, whose button says why.
    await page.reload();
    await testRow.waitFor();
    await page.goto(appUrl('/main/order-label'));
    await banner.waitFor();
    const buy = page.getByRole('button', { name: 'Order Label', exact: true });
    expect(await buy.isDisabled()).toBe(true);
    await page.getByTestId('test-mode-buy-reason').getByText('Switch test mode off to buy').waitFor();

    await page.goto(appUrl('/main/orders'));
    await testRow.waitFor();
    await page.getByTestId('test-mode-switch').click();
    await liveRow.waitFor();
    await banner.waitFor({ state: 'detached' });
    expect(await testRow.count()).toBe(0);
    // Off again: the account menu shows the live balance alone.
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByTestId('user-menu-balance').waitFor();
    expect(await page.getByTestId('user-menu-test-balance').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('main').getByRole('link', { name: 'Order Label', exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'test-mode-off-orders');
  });

  it('shows test batches and claims only while the Test mode switch is on, each marked Test, and the live ones only while it is off', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5000);
    const serviceName = await serviceNameFor(customer);
    const key = await makeTestKey(page, customer);
    const bearer = { authorization: `Bearer ${key}` };
    await topUpTestBalance(key, 20_000);

    // The key's software: a batch and an insured label in test mode; the web app's Bulk Order routes name the route a test key uses.
    const made = await postThroughApi('/api/v1/batches', bearer, { shipments: bulkRows(2, serviceName) });
    const testBatch = String(((await made.json()) as { id?: string }).id);
    expect(made.status).toBe(201);
    const insured = await buyLabelThroughApi(bearer, serviceName, 'Ida Insured', 10_000);
    const refused = await postThroughApi('/api/orders/bulk/init', bearer, { userId: customer.userId });
    expect([refused.status, JSON.stringify(await refused.json())]).toEqual([403, expect.stringContaining('with a test key use POST /api/v1/batches')]);
    // And a live batch, made on the web app's routes with the session.
    const liveBatch = await startBatch(customer, bulkRows(1, serviceName));
    expect((await waitForFinalBatch(customer, testBatch)).mode).toBe('test');
    expect((await waitForFinalBatch(customer, liveBatch)).mode).toBe('live');

    await page.goto(appUrl('/main/batch-orders'));
    const switchOn = page.getByRole('checkbox', { name: 'Test mode', exact: true });
    const testRow = page.locator(`[data-testid="batch-row"][data-batch-id="${testBatch}"]`);
    const liveRow = page.locator(`[data-testid="batch-row"][data-batch-id="${liveBatch}"]`);
    // Off (as this browser left it): the live batch alone.
    await liveRow.waitFor();
    expect([await switchOn.isChecked(), await testRow.count()]).toEqual([false, 0]);

    await page.getByTestId('test-mode-switch').click();
    await testRow.getByText('Test', { exact: true }).waitFor();
    expect([await testRow.getAttribute('data-mode'), await liveRow.count()]).toEqual(['test', 0]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-mode-batches');

    // The test batch's labels page says what it is.
    await testRow.getByRole('link', { name: /^View labels of the batch of / }).click();
    await page.getByTestId('test-batch-note').getByText(/A test batch: made with a test key/).waitFor();
    await page.getByTestId('batch-label-row').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-mode-batch-labels');

    // Claims, still in test mode: the insured test label, badged, ready for a test claim; no test claim yet.
    await page.goto(appUrl('/main/claims'));
    const insuredRow = page.locator(`[data-testid="insured-label-row"][data-tracking="${insured.trackingNumber}"]`);
    await insuredRow.getByText('Test', { exact: true }).waitFor();
    await page.getByText('No test claims', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-mode-claims');

    // Off again: the live lists, without the test label or the test batch.
    await page.getByTestId('test-mode-switch').click();
    await page.getByText('No claims', { exact: true }).waitFor();
    expect(await insuredRow.count()).toBe(0);
    await page.goto(appUrl('/main/batch-orders'));
    await liveRow.waitFor();
    expect(await testRow.count()).toBe(0);
  });
});
