import { FakeWooCommerceServer } from '@labeldesk/testing';
import { openSignedIn } from './support/accounts';
import { dismissToasts, saveScreenshot, useBrowserPage } from './support/browser';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import { saveSenderAddress, saveSkus } from './support/bulk-orders';
import { seriousAxeViolations } from './support/page-checks';

// Issue 47's inbox (decision 113). The fake WooCommerce runs in this test process; the system under test reaches it
// on loopback over http (WEBHOOK_ALLOW_PRIVATE_URLS=true).

const FLOW_TIMEOUT_MS = 150_000;

describe('The Stores inbox', () => {
  const currentPage = useBrowserPage();
  let woo: FakeWooCommerceServer | undefined;
  afterEach(async () => {
    await woo?.stop();
  });

  it(
    'selects every order awaiting shipment, says the one already shipped will be left out, and buys the others as a batch',
    async () => {
      const page = currentPage();
      woo = await new FakeWooCommerceServer().start();
      const store = woo;
      const customer = await fundedCustomer(5_000);
      await saveSkus(customer, [{ sku: 'MUG-1', maxQty: 10, weight: 0.9, length: 6, width: 6, height: 6, description: 'Mug' }]);
      await saveSenderAddress(customer);
      const orders = [1, 2, 3].map(() => store.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] }));
      const shipped = orders[2];
      if (!shipped) throw new Error('no order');
      // The third order was shipped from an uploaded export before the store was connected.
      const [row] = bulkRows(1, await serviceNameFor(customer));
      if (!row) throw new Error('no row');
      await waitForFinalBatch(customer, await startBatch(customer, [{ ...row, package: { ...row.package, order_id: shipped.number } }]));
      const connected = await apiCall('/api/stores', { method: 'POST', token: customer.token, body: { kind: 'woocommerce', url: store.url, consumer_key: store.consumerKey, consumer_secret: store.consumerSecret } });
      expect(connected.status).toBe(201);

      await openSignedIn(page, customer, '/main/stores');
      const table = page.getByRole('table', { name: 'Awaiting shipment' });
      await table.getByTestId('awaiting-order').nth(2).waitFor();
      await page.locator(`tr[data-order-number="${shipped.number}"]`).getByTestId('awaiting-shipped').waitFor();
      await table.getByLabel('Select every order on this page').check({ force: true });
      await page.getByRole('button', { name: 'Buy labels (3 selected)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy 3 labels' });
      await dialog.getByTestId('inbox-left-out-note').getByText('1 order already shipped will be left out').waitFor();
      await dismissToasts(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'store-inbox-buy-dialog');

      await dialog.getByRole('button', { name: 'Buy 2 labels' }).click();
      await page.getByTestId('inbox-bought').getByText(`2 labels are being bought; the batch's files and SCAN form are in Batch Orders. 1 order already shipped was left out: #${shipped.number}.`).waitFor();
      await table.getByTestId('awaiting-order').nth(1).waitFor({ state: 'detached' });
      expect(await table.getByTestId('awaiting-order').getAttribute('data-order-number')).toBe(shipped.number);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'store-inbox-bought');
      expect(store.violations).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
