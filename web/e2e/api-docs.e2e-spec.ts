import { saveScreenshot, useBrowserPage } from './support/browser';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';

/** The API reference (issue 48): Swagger UI, served from our own origin, renders the OpenAPI document. */
describe('The API reference at /api/docs', () => {
  const currentPage = useBrowserPage();

  it.each([1440, 1024, 390])('renders the document at %i px with its credentials and an operation, from our origin only, axe clean', async (width) => {
    const page = currentPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('request', (request) => new URL(request.url()).origin !== new URL(appUrl('/')).origin && !request.url().startsWith('data:') && elsewhere.push(request.url()));
    await page.setViewportSize({ width, height: 900 });
    await page.goto(appUrl('/api/docs'));

    // The auth section: the document's Credentials, and Swagger UI's list of schemes behind Authorize.
    await page.getByRole('heading', { name: 'Credentials' }).waitFor();
    await page.getByText('Authorization: Bearer ld_live_…').first().waitFor();
    await page.getByRole('button', { name: 'Authorize' }).click();
    const schemes = page.locator('.modal-ux');
    await schemes.getByRole('heading', { name: 'Available authorizations' }).waitFor();
    expect(await schemes.getByRole('heading', { level: 4 }).allTextContents()).toEqual(['sessionToken\u00a0(apiKey)', 'apiKey\u00a0 (http, Bearer)']);
    await schemes.getByRole('button', { name: 'Close' }).first().click();
    await schemes.waitFor({ state: 'detached' });

    // An operation, found with the page's filter: the label purchase, its Idempotency-Key header and its answers.
    await page.getByPlaceholder('Filter by tag').fill('Orders');
    const purchase = page.locator('#operations-Orders-ordersPlaceSingle');
    await purchase.locator('.opblock-summary-control').click();
    await purchase.getByText('Idempotency-Key', { exact: true }).waitFor();
    for (const status of ['200', '202', '402', '409', '503']) await purchase.locator(`tr.response[data-code="${status}"]`).waitFor();
    await saveScreenshot(page, `api-docs-purchase-${width}`, false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The webhooks, each with its payload.
    await page.getByPlaceholder('Filter by tag').fill('');
    await page.locator('#operations-webhooks-webhookLabelPurchased').waitFor({ state: 'attached' });

    await saveScreenshot(page, `api-docs-${width}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
