import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import type { Page } from 'playwright-core';
import { loginThroughApi, newCustomer, openSignedIn, type Customer } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { e2eMode } from './support/easypost-system';
import { adminCredentials, appUrl, testAgainstOwnSystem } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

const SENTENCE = 'Your friend gets $5.00 and so do you, after their first top-up of $20.00 or more.';

/** Registers a customer through the API, with a referral code if given; answers their id and their own code. */
const register = async (customer: Customer, referralCode?: string): Promise<{ id: string; referralCode: string }> => {
  const response = await fetch(appUrl('/api/auth/register'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...customer, confirmPassword: customer.password, ...(referralCode ? { referralCode } : {}) }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { _id: string; referralCode: string } };
  return { id: user._id, referralCode: user.referralCode };
};

/** Makes a customer a friend (the role that sees Invites), as an admin does in User Management. */
const makeFriend = async (userId: string): Promise<void> => {
  const { token } = await loginThroughApi(adminCredentials());
  const response = await fetch(appUrl(`/api/auth/users/role/${userId}`), { method: 'POST', headers: { 'Content-Type': 'application/json', token }, body: JSON.stringify({ user_role: 'friend' }) });
  if (!response.ok) throw new Error(`role change answered ${response.status}`);
};

const payTestInvoice = async (page: Page, dollars: string): Promise<void> => {
  await page.getByRole('textbox', { name: 'Amount (USD)', exact: true }).fill(dollars);
  await page.getByRole('button', { name: 'Pay with BTCPay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Test invoice' });
  await dialog.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await dialog.getByText('Payment settled', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

// The bonus is one setting for the whole system: this spec starts its own, so no other spec's balances see it.
describe('The referral bonus', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = e2eMode() === 'distributed' ? await startDistributed() : await startEmbedded();
    testAgainstOwnSystem({ baseUrl: system.baseUrl, admin: { email: system.adminEmail, password: system.adminPassword } });
  }, startHookTimeout());
  // After the system's start: the browser's set-up reads the address of the system under test.
  const currentPage = useBrowserPage();

  afterAll(async () => {
    testAgainstOwnSystem(undefined);
    await system?.stop();
  }, 60_000);

  it('is set by an admin, described on the Invite page, and credited to a referred customer after their first top-up', async () => {
    const page = currentPage();
    const referrer = newCustomer();
    const { id: referrerId, referralCode } = await register(referrer);
    await makeFriend(referrerId);

    // Off by default: the Invite page promises nothing (looked at once every request it makes has been answered).
    await openSignedIn(page, referrer, '/main/invite');
    await page.getByRole('button', { name: 'Copy Referral Code' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/gets \$/).count()).toBe(0);

    // The admin sets it, told as they type what is wrong.
    await openSignedIn(page, adminCredentials(), '/admin/referral-management');
    const form = page.getByRole('form', { name: 'Referral bonus' });
    await form.getByRole('textbox', { name: 'Bonus amount ($)' }).fill('5');
    await form.getByRole('combobox', { name: 'Who gets it' }).selectOption('both');
    await form.getByRole('textbox', { name: 'Minimum first top-up ($)' }).fill('2');
    await form.getByText('The minimum first top-up must be at least the bonus ($5.00)', { exact: true }).waitFor();
    expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Minimum first top-up ($)' }).fill('20');
    await form.getByText(SENTENCE, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Referral bonus saved', { exact: true }).waitFor();
    await saveScreenshot(page, 'referral-bonus-admin');
    // On a phone the three fields stack, each with its label and hint.
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByRole('textbox', { name: 'Minimum first top-up ($)' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'referral-bonus-admin-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The referrer's Invite page now says what a friend gets.
    await openSignedIn(page, referrer, '/main/invite');
    await page.getByText(SENTENCE, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'referral-bonus-invite');

    // A customer who signed up with the code tops up $20.00 and finds $5.00 more, read as 'Referral bonus'.
    const referred = newCustomer();
    await register(referred, referralCode);
    await openSignedIn(page, referred, '/main/deposit');
    await page.getByRole('heading', { level: 1, name: 'Deposit' }).waitFor();
    await payTestInvoice(page, '20');
    const bonuses = page.getByRole('region', { name: 'Bonuses' });
    await bonuses.getByText('Referral bonus', { exact: true }).waitFor();
    await bonuses.getByText('+$5.00', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByTestId('user-menu-balance').filter({ hasText: '$25.00' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'referral-bonus-deposit');
  });
});
