import type { Page, Route } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';

const PENDING_MESSAGE = 'Your label is still being processed. It will appear in Orders when it is ready; if it cannot be made, you are not charged.';

/**
 * The browser's side of a purchase whose service did not answer in time (gateway/test/label-reliability.int-spec.ts
 * makes that happen for real by killing orders). Here the real purchase goes through, and the browser is shown what a
 * slow one looks like: a 202 with the order pending, then a list that still has it pending on the first read.
 */
const answerAsPending = async (page: Page): Promise<void> => {
  await page.route('**/api/orders/v2', async (route: Route) => {
    const real = await route.fetch();
    const placed = (await real.json()) as { data: { orderId: string } };
    await route.fulfill({ status: 202, json: { message: PENDING_MESSAGE, data: { orderId: placed.data.orderId, status: 'pending' } } });
  });
  let listReads = 0;
  // The Orders page reads its page of orders from the search (issue 49), the first read answers the order pending.
  await page.route(/\/api\/order-search\?/, async (route: Route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { orders: Array<Record<string, unknown>> };
    listReads += 1;
    const orders = listReads === 1 ? body.orders.map((o) => ({ ...o, status: 'pending', processed: 0, tracking_number: null, pdfName: null })) : body.orders;
    await route.fulfill({ response: real, json: { ...body, orders } });
  });
};

describe('A label the server is still making', () => {
  const currentPage = useBrowserPage();

  it('tells the customer it is being processed, shows it pending in Orders, and updates it by itself when it completes', async () => {
    const page = currentPage();
    const customer = await fundedCustomer(5_000);
    await openSignedIn(page, customer);
    await page.goto(`${new URL(page.url()).origin}/main/order-label`);
    await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
    await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
    for (const [region, values] of [
      ['From Address', { Name: 'Sam Sender', Street: '1 Main St', City: 'Austin', State: 'TX', ZIP: '78701' }],
      ['To Address', { Name: 'Rita Receiver', Street: '350 Fifth Avenue', City: 'New York', State: 'NY', ZIP: '10118' }],
    ] as const) {
      const section = page.getByRole('region', { name: region });
      for (const [name, value] of Object.entries(values)) {
        if (name === 'State') await section.getByRole('combobox', { name, exact: true }).selectOption(value);
        else await section.getByRole('textbox', { name, exact: true }).fill(value);
      }
    }
    const packageSection = page.getByRole('region', { name: 'Package Information' });
    for (const [name, value] of [['Weight (lb)', '2'], ['Length (in)', '10'], ['Width (in)', '8'], ['Height (in)', '4']] as const) {
      await packageSection.getByRole('spinbutton', { name, exact: true }).fill(value);
    }
    await answerAsPending(page);
    await page.getByRole('button', { name: 'Order Label', exact: true }).click();

    await page.getByText(PENDING_MESSAGE).first().waitFor({ timeout: 45_000 });
    await waitForPath(page, '/main/orders');
    const row = page.getByTestId('order-row').first();
    await row.and(page.locator('[data-status="pending"]')).waitFor();
    await row.getByText('Processing...').waitFor();
    await saveScreenshot(page, 'label-pending-orders');
    // No click: the list follows a pending order until it settles.
    await row.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Download', exact: true }).waitFor();
    await saveScreenshot(page, 'label-pending-completed');
  }, 120_000);
});
