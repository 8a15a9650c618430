import { FakeWooCommerceServer } from '@labeldesk/testing';
import { openSignedIn } from './support/accounts';
import { dismissToasts, saveScreenshot, useBrowserPage } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';

// The system under test lets stores be reached on loopback over http (WEBHOOK_ALLOW_PRIVATE_URLS=true, as for
// webhooks): the fake WooCommerce below runs in this test process, on the same machine as the app.

const FLOW_TIMEOUT_MS = 120_000;

const SKUS = [
  { sku: 'MUG-1', maxQty: 10, weight: 0.9, packagingWeight: 0.3, length: 6, width: 6, height: 6 },
  { sku: 'TEE-1', maxQty: 10, weight: 0.4, packagingWeight: 0.1, length: 10, width: 8, height: 2 },
];

describe('The Stores page', () => {
  const currentPage = useBrowserPage();
  let woo: FakeWooCommerceServer;

  beforeAll(async () => {
    woo = await new FakeWooCommerceServer().start();
  });
  afterAll(async () => {
    await woo?.stop();
  });

  it(
    'connects a WooCommerce store (wrong keys refused in its words), lists its orders awaiting shipment weighed from the SKUs, and syncs a new one',
    async () => {
      const page = currentPage();
      const customer = await fundedCustomer(5_000);
      const added = await fetch(appUrl(`/api/auth/add-sku/${customer.userId}`), { method: 'POST', headers: { 'content-type': 'application/json', token: customer.token }, body: JSON.stringify({ parsedData: SKUS }) });
      expect(added.status).toBe(201);
      const multi = woo.addOrder({ shipping: { first_name: 'Ann', last_name: 'Lee', address_1: '1 Congress Ave', city: 'Austin', state: 'TX', postcode: '78701' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 3 }] });
      woo.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });

      await openSignedIn(page, customer, '/main/stores');
      await page.getByRole('heading', { name: 'Stores', level: 1 }).waitFor();
      await page.getByText('No store connected yet.').waitFor();
      await page.getByText('Nothing awaiting shipment').waitFor();

      const form = page.getByRole('form', { name: 'Connect WooCommerce' });
      await form.getByRole('textbox', { name: 'Store address' }).fill(woo.url);
      await form.getByRole('textbox', { name: 'Consumer key' }).fill(woo.consumerKey);
      await form.getByLabel('Consumer secret').fill(`cs_${'0'.repeat(40)}`);
      await form.getByRole('button', { name: 'Connect WooCommerce' }).click();
      await form.getByText('WooCommerce refused the API keys: Sorry, you cannot list resources.').waitFor();
      await saveScreenshot(page, 'stores-keys-refused');

      await form.getByLabel('Consumer secret').fill(woo.consumerSecret);
      await form.getByRole('button', { name: 'Connect WooCommerce' }).click();
      const connection = page.getByTestId('store-connection');
      await connection.getByText(woo.url.replace('http://', '')).waitFor();
      const rows = page.getByRole('table', { name: 'Awaiting shipment' }).getByTestId('awaiting-order');
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBe(2);
      const multiRow = page.locator(`tr[data-order-number="${multi.number}"]`);
      expect(await multiRow.innerText()).toMatch(/MUG-1 × 2[\s\S]*TEE-1 × 3[\s\S]*3\.3 lb[\s\S]*Ann Lee/);

      woo.addOrder({ items: [{ sku: 'TEE-1', name: 'Tee', quantity: 1 }] });
      await connection.getByRole('button', { name: 'Sync now' }).click();
      await rows.nth(2).waitFor();
      await page.getByText('3 orders · page 1 of 1').waitFor();
      await dismissToasts(page);
      await saveScreenshot(page, 'stores-awaiting-shipment');
      expect(woo.violations).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
