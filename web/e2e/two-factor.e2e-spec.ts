import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { loginThroughApi, loginThroughUi, logoutThroughUi, newCustomer, registerThroughApi, type Customer } from './support/accounts';
import { apiCall } from './support/bulk-api';
import { dismissToasts, saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

const PERIOD_MS = 30_000;

/**
 * The authenticator app, in the test: a code of a step not used yet (the server accepts a step once, and one step
 * either side of its clock), waiting for the next step only when two in a row are already used.
 */
const authenticator = (secret: string) => {
  let lastStep = 0;
  return async (): Promise<string> => {
    let now = Math.floor(Date.now() / PERIOD_MS);
    if (lastStep > now) {
      await new Promise((resolve) => setTimeout(resolve, (lastStep + 1) * PERIOD_MS - Date.now() + 100));
      now = Math.floor(Date.now() / PERIOD_MS);
    }
    const step = Math.max(now, lastStep + 1);
    lastStep = step;
    return generate({ secret, epoch: step * (PERIOD_MS / 1000) + 1 });
  };
};

const openAccount = async (page: Page): Promise<void> => {
  await page.goto(appUrl('/main/account'));
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
};

const passwordStep = async (page: Page, customer: Customer): Promise<void> => {
  await loginThroughUi(page, customer);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
};

/** Signs in through the API with a recovery code (the code is then used up), as another device of the customer would. */
const signInWithRecoveryCode = async (customer: Customer, code: string): Promise<void> => {
  const login = await apiCall('/api/auth/login', { method: 'POST', body: { email: customer.email, password: customer.password } });
  const challenge = (login.body as { challenge?: string }).challenge;
  const verified = await apiCall('/api/auth/2fa/verify', { method: 'POST', body: { challenge, code } });
  if (verified.status !== 200) throw new Error(`recovery code sign-in answered ${verified.status}: ${JSON.stringify(verified.body)}`);
};

/**
 * The whole life of two factors is one flow of some twenty steps and three sign-ins: the file's 60 s leaves no room on a
 * loaded machine for one lost click clicked again. The limit ends a hang; it does not time the flow.
 */
const FLOW_TIMEOUT_MS = 120_000;

describe('Two-factor sign-in', () => {
  const currentPage = useBrowserPage();

  it('is set up on the Account page with the QR code or its key and turned on with a code and the password, then asks for a code or a recovery code at sign-in, gives new recovery codes in place of the old, and is turned off with a code and the password', async () => {
    const page = currentPage();
    const customer = newCustomer();
    await registerThroughApi(customer);
    await loginThroughUi(page, customer);
    await waitForPath(page, '/main/dashboard');
    await openAccount(page);

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code to add this account to your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-setup');

    const code = authenticator(secret);
    await page.getByLabel('Authentication code', { exact: true }).fill(await code());
    // The password as well as the code: a wrong one turns nothing on and does not sign the page out.
    await page.getByLabel('Password', { exact: true }).fill(`${customer.password}-wrong`);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('Password is incorrect').first().waitFor();
    expect(await page.getByText('Off', { exact: true }).isVisible()).toBe(true);
    await dismissToasts(page);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await page.getByText('Save your recovery codes').waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('On', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // A code from the app.
    await logoutThroughUi(page);
    await passwordStep(page, customer);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-code-step');
    await page.getByLabel('Authentication code', { exact: true }).fill(await code());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, '/main/dashboard');

    // A recovery code, which then works no more.
    const [firstRecovery = ''] = recoveryCodes;
    await logoutThroughUi(page);
    await passwordStep(page, customer);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code', { exact: true }).fill(firstRecovery);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, '/main/dashboard');
    await logoutThroughUi(page);
    await passwordStep(page, customer);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code', { exact: true }).fill(firstRecovery);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('That code is not valid or was already used. Please try again.').waitFor();
    await saveScreenshot(page, 'two-factor-recovery-code-used');
    await page.getByLabel('Recovery code', { exact: true }).fill(recoveryCodes[1] ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, '/main/dashboard');

    // New recovery codes for a code and the password: shown once, and every earlier one stops working.
    await openAccount(page);
    await page.getByText('8 of 10 recovery codes left.').waitFor();
    await page.getByLabel('Authentication or recovery code', { exact: true }).fill(recoveryCodes[2] ?? '');
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Get new recovery codes' }).click();
    await page.getByText('Save your recovery codes').waitFor();
    const renewed = await codes.allInnerTexts();
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((fresh) => recoveryCodes.includes(fresh))).toEqual([]);
    await page.getByText('New recovery codes made: the earlier ones no longer work').first().waitFor();
    await saveScreenshot(page, 'two-factor-new-recovery-codes');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByLabel('Authentication or recovery code', { exact: true }).fill(recoveryCodes[3] ?? '');
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText('That code is not valid or was already used. Please try again.').first().waitFor();
    await dismissToasts(page);

    // Few codes left: the page warns before they run out.
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    for (const spent of renewed.slice(1, 9)) await signInWithRecoveryCode(customer, spent);
    await openAccount(page);
    await page.getByText('Only 2 recovery codes left').waitFor();
    await page.getByText('Get new ones below before they run out.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-few-codes-left');

    // A new recovery code turns it off (no waiting here for the app's next 30 seconds: each step's code works once).
    await page.getByLabel('Authentication or recovery code', { exact: true }).fill(renewed[0] ?? '');
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText('Two-factor authentication is off').first().waitFor();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await saveScreenshot(page, 'two-factor-off');
    await expect(loginThroughApi(customer)).resolves.toMatchObject({ token: expect.any(String) });
  }, FLOW_TIMEOUT_MS);
});
