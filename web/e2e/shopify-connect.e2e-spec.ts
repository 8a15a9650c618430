import { FakeShopifyServer, startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { openSignedIn } from './support/accounts';
import { dismissToasts, saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { testAgainstOwnSystem } from './support/env';
import { e2eMode } from './support/easypost-system';
import { seriousAxeViolations } from './support/page-checks';

/**
 * Connecting Shopify in the browser (decision 107): this spec starts its own system (E2E_MODE's mode) whose Shopify
 * app is the fake Shopify in this process, since a store's app credentials are read when orders starts. The seller
 * types the shop, approves on the (fake) install page, and lands back on the Stores page with the store connected.
 */

const FLOW_TIMEOUT_MS = 120_000;

describe('Connecting Shopify', () => {
  const currentPage = useBrowserPage();
  let shopify: FakeShopifyServer;
  let system: RunningSystem | undefined;

  beforeAll(async () => {
    shopify = await new FakeShopifyServer().start();
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', SHOPIFY_API_KEY: shopify.apiKey, SHOPIFY_API_SECRET: shopify.apiSecret, SHOPIFY_SHOP_URL: shopify.shopUrlTemplate };
    system = e2eMode() === 'distributed' ? await startDistributed({}, { ordersEnv: env }) : await startEmbedded(env);
    // The embedded server's public address (its OAuth redirect URI) is http://localhost:{port} by default: the browser
    // uses the same origin, so the seller comes back signed in.
    const baseUrl = e2eMode() === 'distributed' ? system.baseUrl : system.baseUrl.replace('//127.0.0.1:', '//localhost:');
    testAgainstOwnSystem({ baseUrl, admin: { email: system.adminEmail, password: system.adminPassword } });
  }, startHookTimeout());
  afterAll(async () => {
    testAgainstOwnSystem(undefined);
    await system?.stop();
    await shopify?.stop();
  });

  it(
    'sends the seller to approve at their shop and back to the Stores page with the shop connected and its paid order awaiting shipment',
    async () => {
      const page = currentPage();
      const customer = await fundedCustomer(1_000);
      const order = shopify.addOrder({ shipping: { first_name: 'Ann', last_name: 'Lee', address1: '1 Congress Ave', city: 'Austin', province_code: 'TX', zip: '78701' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 2 }, { sku: 'TEE-1', name: 'Tee', quantity: 1 }] });

      await openSignedIn(page, customer, '/main/stores');
      const form = page.getByRole('form', { name: 'Connect Shopify' });
      await form.getByRole('textbox', { name: 'Shop address' }).fill('acme-outdoor');
      await form.getByRole('button', { name: 'Connect Shopify' }).click();

      await page.getByRole('heading', { name: 'Install LabelDesk on Acme Outdoor' }).waitFor();
      await page.getByRole('link', { name: 'Install app' }).click();

      await waitForPath(page, '/main/stores');
      await page.getByTestId('connect-outcome').getByText('Acme Outdoor is connected: its orders awaiting shipment are coming in.').waitFor();
      await page.getByTestId('store-connection').getByText('Acme Outdoor').waitFor();
      await page.locator(`tr[data-order-number="${order.name}"]`).waitFor();
      expect(await page.locator(`tr[data-order-number="${order.name}"]`).innerText()).toMatch(/MUG-1 × 2[\s\S]*TEE-1 × 1[\s\S]*Ann Lee/);
      await dismissToasts(page);
      // The outcome banner shows only after a store's redirect back, which the accessibility sweep never makes.
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'stores-shopify-connected');
      expect(shopify.violations).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
