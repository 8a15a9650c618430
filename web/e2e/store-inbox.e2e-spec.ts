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
    'selects every order awaiting shipment, says the one already shipped will be left out, buys the others as a batch, and says which order abroad its SKU could not declare',
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
      // The mug's SKU has no HS code, which Germany requires: that order is left out alone (decision 121).
      const toGermany = store.addOrder({ shipping: { address_1: 'Unter den Linden 77', city: 'Berlin', state: '', postcode: '10117', country: 'DE' }, items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });
      // The third order was shipped from an uploaded export before the store was connected.
      const [row] = bulkRows(1, await serviceNameFor(customer));
      if (!row) throw new Error('no row');
      await waitForFinalBatch(customer, await startBatch(customer, [{ ...row, package: { ...row.package, order_id: shipped.number } }]));
      const connected = await apiCall('/api/stores', { method: 'POST', token: customer.token, body: { kind: 'woocommerce', url: store.url, consumer_key: store.consumerKey, consumer_secret: store.consumerSecret } });
      expect(connected.status).toBe(201);

      await openSignedIn(page, customer, '/main/stores');
      const table = page.getByRole('table', { name: 'Awaiting shipment' });
      await table.getByTestId('awaiting-order').nth(3).waitFor();
      await page.locator(`tr[data-order-number="${shipped.number}"]`).getByTestId('awaiting-shipped').waitFor();
      await table.getByLabel('Select every order on this page').check({ force: true });
      await page.getByRole('button', { name: 'Buy labels (4 selected)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy 4 labels' });
      await dialog.getByTestId('inbox-left-out-note').getByText('1 order already shipped will be left out').waitFor();
      await dismissToasts(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'store-inbox-buy-dialog');

      await dialog.getByRole('button', { name: 'Buy 3 labels' }).click();
      await page.getByTestId('inbox-bought').getByText(`2 labels are being bought; the batch's files and SCAN form are in Batch Orders. 1 order already shipped was left out: #${shipped.number}.`).waitFor();
      await page
        .getByTestId('inbox-customs-refused')
        .getByText(`Not bought for their customs (complete the SKU in SKU Management, then buy again): Order #${toGermany.number}: SKU MUG-1 has no HS code; Germany requires one.`)
        .waitFor();
      await table.getByTestId('awaiting-order').nth(2).waitFor({ state: 'detached' });
      // Which orders still wait is the point; two imported in the same instant may list either way round.
      expect((await table.getByTestId('awaiting-order').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-number')))).sort()).toEqual([shipped.number, toGermany.number].sort());
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'store-inbox-bought');
      expect(store.violations).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
