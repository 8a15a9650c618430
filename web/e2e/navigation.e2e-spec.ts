import type { Page, Response } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { adminCredentials, appUrl } from './support/env';
import { animationFrames } from './support/page-state';

/** Every route of spec 2 with the heading it must show (the admin sees all of them). */
const ROUTES: ReadonlyArray<[path: string, heading: RegExp]> = [
  ['/main/dashboard', /^Dashboard$/],
  ['/main/order-label', /^Order Label$/],
  ['/main/bulk-order', /^Bulk Order$/],
  ['/main/orders', /^Orders$/],
  ['/main/batch-orders', /^Batch Orders$/],
  ['/main/deposit', /^Deposit/],
  ['/main/address', /^Address Book$/],
  ['/main/sku', /^SKU Data Management$/],
  ['/main/account', /^Account$/],
  ['/main/invite', /^Invite/],
  ['/main/admin', /^Admin Panel$/],
  ['/admin/dashboard', /^Dashboard$/],
  ['/admin/user-management', /^User Management$/],
  ['/admin/order-label-management', /^Orders & Labels$/],
  ['/admin/referral-management', /^Referral Management$/],
  ['/admin/default-services', /^Default Services$/],
  ['/admin/audit-log', /^Audit Log$/],
];

/** Every address the page went to, history changes included: a redirect loop keeps changing it. */
const trackNavigations = (page: Page): (() => string[]) => {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname));
  return () => seen;
};

describe('Every address of the app', () => {
  const currentPage = useBrowserPage();

  it('loads each spec route at 1440 and 390 px wide, with its heading and no sideways page scroll', async () => {
    const page = currentPage();
    await openSignedIn(page, adminCredentials());
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of ROUTES) {
        const failures: string[] = [];
        const onResponse = (response: Response) => response.url().includes('/api/') && response.status() >= 500 && failures.push(`${response.status()} ${response.url()}`);
        page.on('response', onResponse);
        await page.goto(appUrl(path));
        await waitForPath(page, path);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        page.off('response', onResponse);
        expect(failures).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ path, width, overflow }).toEqual({ path, width, overflow: 0 });
        await saveScreenshot(page, `route-${width}${path.replaceAll('/', '-')}`);
      }
    }
  }, 240_000);

  it.each(['/main/no-such-page', '/admin/no-such-page', '/main/dashboard/dashboard/x', '/no-such-page'])(
    'lands an unknown address (%s) on one "Page not found", once, with the address unchanged',
    async (path) => {
      const page = currentPage();
      const navigations = trackNavigations(page);
      // Typed into a signed-in browser's address bar: the app loads at this address with its session.
      await openSignedIn(page, adminCredentials(), path);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      // The router's effects, where a redirect would be made, have run once the page has painted twice.
      await animationFrames(page);
      expect(new URL(page.url()).pathname).toBe(path);
      // The address never changed (a loop grew it: /dashboard/dashboard/…), and it settled at once.
      expect([...new Set(navigations())]).toEqual([path]);
      expect(navigations().length).toBeLessThanOrEqual(2);
    },
  );
});
