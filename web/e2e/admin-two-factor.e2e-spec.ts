import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { generate } from 'otplib';
import { loginThroughUi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { e2eMode } from './support/easypost-system';
import { adminCredentials, appUrl, testAgainstOwnSystem } from './support/env';
import { seriousAxeViolations } from './support/page-checks';


/**
 * ADMIN_2FA_REQUIRED needs a system of its own (the one CI started lets admins in without it), in E2E_MODE's mode:
 * the admin area sends an admin without two-factor sign-in to the Account page, and lets them in once it is on.
 */
describe('Two-factor sign-in required of admins', () => {
  let system: RunningSystem | undefined;

  // Registered before the browser's hooks, so every helper already points at this system when they run.
  beforeAll(async () => {
    system = e2eMode() === 'distributed' ? await startDistributed({ ADMIN_2FA_REQUIRED: 'true' }) : await startEmbedded({ ADMIN_2FA_REQUIRED: 'true' });
    testAgainstOwnSystem({ baseUrl: system.baseUrl, admin: { email: system.adminEmail, password: system.adminPassword } });
  }, startHookTimeout());

  afterAll(async () => {
    testAgainstOwnSystem(undefined);
    await system?.stop();
  }, 60_000);

  const currentPage = useBrowserPage();

  it('sends an admin without it from the admin area to the Account page to turn it on, then lets them in', async () => {
    const page = currentPage();
    await loginThroughUi(page, adminCredentials());
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl('/admin/dashboard'));
    await waitForPath(page, '/main/account');
    await page.getByText('Admins must turn on two-factor authentication before they can use the admin area.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-two-factor-required');

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await page.getByLabel('Authentication code', { exact: true }).fill(await generate({ secret }));
    await page.getByLabel('Password', { exact: true }).fill(adminCredentials().password);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('button', { name: 'I have saved my codes' }).click();

    await page.goto(appUrl('/admin/dashboard'));
    await waitForPath(page, '/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await saveScreenshot(page, 'admin-two-factor-admitted');
  });
});
