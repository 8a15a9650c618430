import { generate } from 'otplib';
import { apiCall } from './support/bulk-api';
import { newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

/** A request of the customer's own software: the key as a Bearer credential, no session. */
const withKey = (key: string, path: string): Promise<Response> => fetch(appUrl(path), { headers: { authorization: `Bearer ${key}` } });

describe('API keys', () => {
  const currentPage = useBrowserPage();

  it('creates a key on the Account page with the password (a wrong one is said under the field, no key, still signed in), shows it once, lets it read orders but not the balance, and refuses it once revoked', async () => {
    const page = currentPage();
    const customer = newCustomer();
    const session = await registerThroughApi(customer);
    const userId = String((session.user as unknown as { _id: string })._id);
    await openSignedIn(page, customer, '/main/account');
    const section = page.getByTestId('api-keys-section');
    await section.getByText('No API keys yet.').waitFor();

    await section.getByLabel('Key name', { exact: true }).fill('Warehouse script');
    // labels:read is ticked to start with; nothing else is. A key outlives the session: the password is asked again.
    const create = section.getByRole('button', { name: 'Create key', exact: true });
    expect(await create.isDisabled()).toBe(true);
    const password = section.getByLabel('Your password', { exact: true });
    await password.fill('not-my-password');
    await create.click();
    await section.getByText('Password is incorrect', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'api-key-wrong-password');
    // Refused with 403, not 401: the page is still signed in, and no key was made.
    expect(new URL(page.url()).pathname).toBe('/main/account');
    await section.getByText('No API keys yet.').waitFor();

    await password.fill(customer.password);
    await create.click();
    const shown = page.getByTestId('new-api-key-value');
    await shown.waitFor();
    const key = (await shown.textContent()) ?? '';
    expect(key).toMatch(/^ld_live_[0-9A-Za-z]{49}$/);
    const row = section.getByTestId('api-key-row').filter({ hasText: 'Warehouse script' });
    await row.waitFor();
    await row.getByText(`${key.slice(0, 12)}…${key.slice(-4)}`).waitFor();
    await saveScreenshot(page, 'api-key-created');

    expect((await withKey(key, `/api/orders/recent/${userId}`)).status).toBe(200);
    const balance = await withKey(key, '/api/auth/api/balance');
    expect(balance.status).toBe(403);
    expect(((await balance.json()) as { message: string }).message).toContain('balance:read');

    // Once dismissed, the key is never shown again: only its prefix and last four remain.
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke Warehouse script' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('stop working at once').waitFor();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await section.getByText('No API keys yet.').waitFor();
    await saveScreenshot(page, 'api-key-revoked');

    const refused = await withKey(key, `/api/orders/recent/${userId}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('AUTH_API_KEY_INVALID');
  });

  it('takes a two-factor code instead of the password once two-factor sign-in is on, and makes a test key badged Test whose balance is the test one', async () => {
    const page = currentPage();
    const customer = newCustomer();
    const session = await registerThroughApi(customer);
    await openSignedIn(page, customer);
    // Two-factor sign-in turned on from another tab: the Account page learns it when it loads.
    const setup = await apiCall('/api/auth/2fa/setup', { method: 'POST', token: session.token });
    const enabled = await apiCall('/api/auth/2fa/enable', { method: 'POST', token: session.token, body: { code: await generate({ secret: String((setup.body as { secret: string }).secret) }), password: customer.password } });
    expect(enabled.status).toBe(200);
    const [recoveryCode] = (enabled.body as { recoveryCodes: string[] }).recoveryCodes;
    await page.goto(appUrl('/main/account'));
    const section = page.getByTestId('api-keys-section');
    await section.getByText('No API keys yet.').waitFor();

    await section.getByLabel('Key name', { exact: true }).fill('Nightly export');
    await section.getByText('balance:read', { exact: true }).click();
    await section.getByText(/^Test key \(ld_test_…\)/).click();
    expect(await section.getByRole('checkbox', { name: /^Test key/ }).isChecked()).toBe(true);
    await section.getByRole('button', { name: 'Use a two-factor code instead', exact: true }).click();
    const code = section.getByLabel('Two-factor code', { exact: true });
    await code.fill(recoveryCode ?? '');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'api-key-two-factor-code');
    await section.getByRole('button', { name: 'Create key', exact: true }).click();
    const shown = page.getByTestId('new-api-key-value');
    await shown.waitFor();
    const key = (await shown.textContent()) ?? '';
    expect(key).toMatch(/^ld_test_[0-9A-Za-z]{49}$/);
    const row = section.getByTestId('api-key-row').filter({ hasText: 'Nightly export' });
    await row.getByText('Test', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'api-key-test-mode');
    // A test key reads its own balance (nothing topped up yet) and its own shipments (none: it bought nothing yet).
    const balance = await withKey(key, '/api/v1/balance');
    expect([balance.status, await balance.json()]).toEqual([200, { available_cents: 0, held_cents: 0 }]);
    const shipments = await withKey(key, '/api/v1/shipments');
    expect([shipments.status, await shipments.json()]).toEqual([200, { data: [], has_more: false, next_cursor: null }]);
  });
});
