import { loginThroughUi } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { adminCredentials, appUrl } from './support/env';

/** The prerendered landing page (docs/decisions/021): painted without JavaScript, driven by a small script. */
describe('The landing page', () => {
  const currentPage = useBrowserPage();

  it('is whole before any script runs', async () => {
    const page = currentPage();
    const context = await page.context().browser()?.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    if (!context) throw new Error('no browser');
    try {
      const bare = await context.newPage();
      await bare.goto(appUrl('/'));
      await bare.getByRole('heading', { level: 1, name: 'Ship more. Pay less for every label.' }).waitFor({ state: 'attached' });
      const headings = await bare.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings).toEqual([
        'How It Works',
        'Why Choose Us',
        'Clear Pricing No Hidden Fees',
        'Frequently Asked Questions',
        'What Our Customers Say',
        'Ready to Ship Your Goods',
      ]);
      expect(await bare.getByText(`© ${new Date().getFullYear()} LabelDesk. All rights reserved.`).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it.each([1440, 390])('works at %i px: hero, section links, FAQ accordion, colour mode, no CSP violation', async (width) => {
    const page = currentPage();
    const problems: string[] = [];
    // A script error or a CSP refusal (an operator's chat widget failing to load offline is neither).
    page.on('console', (message) => message.type() === 'error' && /Content Security Policy|Refused/.test(message.text()) && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.setViewportSize({ width, height: 900 });
    await page.goto(appUrl('/'));
    await page.locator('[data-hero][data-loaded]').waitFor();
    expect(await page.getByRole('status').count()).toBe(0);

    if (width >= 768) {
      await page.getByRole('navigation', { name: 'Page sections' }).getByRole('link', { name: 'FAQ' }).click();
    } else {
      await page.getByRole('button', { name: 'Page sections' }).click();
      await page.getByRole('menuitem', { name: 'FAQ' }).click();
      expect(await page.getByRole('menu').count()).toBe(0);
    }
    expect(new URL(page.url()).hash).toBe('#faq');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('faq');

    const first = page.getByRole('button', { name: 'Which labels can I buy?' });
    const second = page.getByRole('button', { name: 'How do I pay for labels?' });
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Prepaid shipping labels from every carrier listed under Pricing').waitFor();
    await second.click();
    expect([await first.getAttribute('aria-expanded'), await second.getAttribute('aria-expanded')]).toEqual(['false', 'true']);
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await saveScreenshot(page, `landing-${width}`);
    expect(problems).toEqual([]);
  });

  it('leads to the app: Get Started to /register, Login to /login, and a signed-in visitor to the dashboard', async () => {
    const page = currentPage();
    await page.goto(appUrl('/'));
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Create an Account' }).waitFor();
    await page.goto(appUrl('/'));
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await waitForPath(page, '/login');
    await loginThroughUi(page, adminCredentials());
    await waitForPath(page, '/main/dashboard');
    await page.goto(appUrl('/'));
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await waitForPath(page, '/main/dashboard');
  });
});
