import type { Browser, Page } from 'playwright-core';
import { fillRegisterForm, loginThroughApi, loginThroughUi, newCustomer, openSignedIn, registerThroughApi } from './support/accounts';
import type { Customer } from './support/accounts';
import { apiCall } from './support/bulk-api';
import { launchBrowser, saveScreenshot, waitForPath } from './support/browser';
import { adminCredentials, appUrl } from './support/env';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A customer the admin made a friend through the API (spec: Invites is hidden from role user). */
const registerFriend = async (): Promise<Customer & { userId: string }> => {
  const friend = newCustomer();
  const registered = await registerThroughApi(friend);
  const userId = (registered.user as unknown as { _id: string })._id;
  const admin = await loginThroughApi(adminCredentials());
  const changed = await apiCall(`/api/auth/users/role/${userId}`, { method: 'POST', token: admin.token, body: { user_role: 'friend' } });
  if (changed.status !== 200) throw new Error(`role change answered ${changed.status}`);
  return { ...friend, userId };
};

/** A real deposit through the built-in test payment provider (the e2e server runs without BTCPay Server). */
const depositThroughTestProvider = async (customer: Customer, amountCents: number): Promise<void> => {
  const session = await loginThroughApi(customer);
  const userId = (session.user as unknown as { _id: string })._id;
  const invoice = await apiCall(`/api/payment/top-up/${userId}?amount=${amountCents}`, { token: session.token });
  if (invoice.status !== 200 || !isRecord(invoice.body)) throw new Error(`top-up answered ${invoice.status}`);
  const paid = await apiCall(`/api/payment/test-invoices/${String(invoice.body['id'])}/pay`, { method: 'POST', token: session.token, body: { outcome: 'paid' } });
  if (paid.status !== 200) throw new Error(`paying the test invoice answered ${paid.status}`);
};

/** The same screen at a wide desktop and a phone width, for people to look at. */
const screenshotBothWidths = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  await saveScreenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
};

/** Each person gets their own browser context (own storage), as three people on three computers would. */
const newPerson = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl('') });
  return context.newPage();
};

const openAdminReferrals = async (page: Page, friend: Customer): Promise<void> => {
  await openSignedIn(page, adminCredentials(), '/admin/referral-management');
  await page.getByRole('heading', { level: 1, name: 'Referral Management' }).waitFor();
  await page.getByRole('combobox', { name: 'Select User' }).selectOption({ label: `${friend.name} (${friend.email})` });
};

describe('Invites and referral management', () => {
  let browser: Browser;

  beforeAll(async () => {
    appUrl('/'); // fails fast with a clear message when E2E_BASE_URL is missing
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists a user who registered through a friend's copied invite link on the friend's Invites page and in the admin's Referral Management", async () => {
    const friend = await registerFriend();

    // The friend copies their invite link.
    const friendPage = await newPerson(browser);
    await loginThroughUi(friendPage, friend);
    await waitForPath(friendPage, '/main/dashboard');
    await friendPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invites', exact: true }).click();
    await waitForPath(friendPage, '/main/invite');
    await friendPage.getByRole('heading', { level: 1, name: 'Invites' }).waitFor();
    await friendPage.getByText('No invited users found', { exact: true }).waitFor();

    const linkBox = friendPage.getByRole('textbox', { name: 'Invite Link' });
    const codeBox = friendPage.getByRole('textbox', { name: 'Referral Code' });
    const code = await codeBox.inputValue();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await linkBox.inputValue()).toBe(appUrl(`/register?ref=${code}`));

    await friendPage.getByRole('button', { name: 'Copy Invite Link' }).click();
    const copied = friendPage.getByRole('button', { name: 'Copied!' });
    await copied.waitFor();
    const link = await friendPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(appUrl(`/register?ref=${code}`));
    await screenshotBothWidths(friendPage, 'invites-friend-copied');
    // 'Copied!' goes back to 'Copy' after 1.5 s.
    await copied.waitFor({ state: 'detached', timeout: 4_000 });
    await friendPage.getByRole('button', { name: 'Copy Invite Link' }).waitFor();

    // A new user opens the copied link and registers.
    const newcomer = newCustomer();
    const newcomerPage = await newPerson(browser);
    await newcomerPage.goto(link);
    expect(await newcomerPage.getByLabel('Referral Code (optional)', { exact: true }).inputValue()).toBe(code);
    await fillRegisterForm(newcomerPage, newcomer);
    await newcomerPage.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(newcomerPage, '/main/dashboard');
    await depositThroughTestProvider(newcomer, 2500);

    // The friend sees them, with the deposit.
    await friendPage.reload();
    const friendRow = friendPage.getByTestId('invited-user-row').filter({ hasText: newcomer.name });
    await friendRow.waitFor();
    expect(await friendPage.getByTestId('invited-user-row').count()).toBe(1);
    expect(await friendRow.textContent()).toContain('$25.00');
    expect(await friendRow.textContent()).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await screenshotBothWidths(friendPage, 'invites-friend-invited-users');

    // So does the admin, for that friend.
    const adminPage = await newPerson(browser);
    await openAdminReferrals(adminPage, friend);
    expect(await adminPage.getByRole('textbox', { name: 'Referral Code' }).inputValue()).toBe(code);
    const adminRow = adminPage.getByTestId('invited-user-row').filter({ hasText: newcomer.name });
    await adminRow.waitFor();
    expect(await adminRow.textContent()).toContain('$25.00');
    const totals = adminPage.getByRole('region', { name: 'Referral totals' });
    await totals.getByText('$25.00', { exact: true }).waitFor();
    await totals.getByText('1', { exact: true }).waitFor();

    // Sorting: a header press sets aria-sort on its column.
    const depositHeader = adminPage.getByRole('columnheader', { name: 'Total Deposit' });
    await depositHeader.getByRole('button').click();
    expect(await depositHeader.getAttribute('aria-sort')).toBe('descending');
    await depositHeader.getByRole('button').click();
    expect(await depositHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await adminPage.getByRole('columnheader', { name: 'Registered Date' }).getAttribute('aria-sort')).toBe('none');
    await screenshotBothWidths(adminPage, 'referral-management-friend');
  });

  it('lets an admin change a referral code, stored in capitals, and refuses one another user holds in any case', async () => {
    const first = await registerFriend();
    const second = await registerFriend();
    const page = await newPerson(browser);
    const codeField = page.getByRole('textbox', { name: 'Referral Code' });
    const update = page.getByRole('button', { name: 'Update', exact: true });

    await openSignedIn(page, adminCredentials(), '/admin/referral-management');
    await page.getByRole('heading', { level: 1, name: 'Referral Management' }).waitFor();
    // Nothing to edit until a user is picked.
    expect(await codeField.isDisabled()).toBe(true);
    expect(await update.isDisabled()).toBe(true);
    await screenshotBothWidths(page, 'referral-management-empty');

    await page.getByRole('combobox', { name: 'Select User' }).selectOption({ label: `${first.name} (${first.email})` });
    await page.getByText('No invited users found', { exact: true }).waitFor();
    await codeField.fill('');
    expect(await update.isDisabled()).toBe(true);
    const wanted = `ship-${Date.now().toString(36)}`;
    await codeField.fill(wanted);
    await update.click();
    await page.getByText('Referral code updated successfully', { exact: true }).waitFor();
    expect(await codeField.inputValue()).toBe(wanted.toUpperCase());

    await page.getByRole('combobox', { name: 'Select User' }).selectOption({ label: `${second.name} (${second.email})` });
    await codeField.fill(wanted);
    await update.click();
    await page.getByText('This referral code is already in use', { exact: true }).waitFor();
    await saveScreenshot(page, 'referral-management-code-taken');
  });
});
