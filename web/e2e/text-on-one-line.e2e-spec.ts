import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { useBrowserPage } from './support/browser';
import { apiCall, fundedCustomer } from './support/bulk-api';
import { bulkCsv, bulkRow, callAsCustomer, newBulkCustomer, saveViewScreenshot, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { appUrl } from './support/env';

const FLOW_TIMEOUT_MS = 120_000;

const cell = (page: Page, row: number, column: string) => bulkRow(page, row).locator(`td[data-col="${column}"] .bulk-value`);

describe('Text fields on one line', () => {
  const currentPage = useBrowserPage();

  it(
    'shows a CSV cell with line breaks and tabs ("Name⏎c/o Front Desk") as one line in the bulk table',
    async () => {
      const page = currentPage();
      const customer = await newBulkCustomer();
      await openSignedIn(page, customer, '/main/bulk-order');
      await page.getByRole('heading', { level: 1, name: 'Bulk Order' }).waitFor();

      const row = validCsvRow(1, { ToRecipientName: 'Name\r\nc/o Front Desk', ToStreet1: '350 Fifth Avenue\n\tFloor 5', PackageDescription: 'Ceramic\tmug\u2028boxed' });
      await uploadBulkFile(page, 'orders.csv', bulkCsv([row]));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^1 rows?$/ }).waitFor();
      expect(await cell(page, 1, 'ToRecipientName').textContent()).toBe('Name c/o Front Desk');
      expect(await cell(page, 1, 'ToStreet1').textContent()).toBe('350 Fifth Avenue Floor 5');
      expect(await cell(page, 1, 'PackageDescription').textContent()).toBe('Ceramic mug boxed');
      expect(await bulkRow(page, 1).getAttribute('data-invalid')).toBeNull();
      await bulkRow(page, 1).locator('td[data-col="ToRecipientName"]').scrollIntoViewIfNeeded();
      await saveViewScreenshot(page, 'text-on-one-line-bulk');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps a saved address and a bought label on one line when the API is sent line breaks',
    async () => {
      const customer = await fundedCustomer(5_000);
      const saved = await callAsCustomer<unknown>(customer, `/api/auth/save-address/${customer.userId}`, {
        formData: { address_id: 'FRONT\n', name: 'Name\nc/o Front Desk', street: '1 Main St\t', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      });
      expect(saved.status).toBeLessThan(300);
      const addresses = await apiCall(`/api/auth/get-address/${customer.userId}`, { token: customer.token });
      expect(addresses.body).toMatchObject({ savedAddress: [expect.objectContaining({ address_id: 'FRONT', name: 'Name c/o Front Desk', street: '1 Main St' })] });

      const order = {
        service_name: 'USPS Priority Mail',
        sender: { sender_name: 'Ann\tSender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
        receiver: { receiver_name: 'José Müller\nc/o Front Desk\t', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
        package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
      };
      const bought = await fetch(appUrl('/api/orders/v2'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `one-line-${Date.now()}-${Math.random()}` },
        body: JSON.stringify(order),
      });
      expect(bought.status).toBe(200);
      const orders = await apiCall(`/api/orders/${customer.userId}`, { token: customer.token });
      expect(orders.body).toMatchObject({ orders: [expect.objectContaining({ sender: { sender_name: 'Ann Sender' }, receiver: { receiver_name: 'José Müller c/o Front Desk' } })] });
    },
    FLOW_TIMEOUT_MS,
  );
});
