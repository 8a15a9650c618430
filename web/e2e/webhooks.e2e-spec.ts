import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { openSignedIn } from './support/accounts';
import { dismissToasts, saveScreenshot, useBrowserPage } from './support/browser';
import { fundedCustomer, serviceNameFor, type FundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';

// The system under test lets webhooks reach loopback (WEBHOOK_ALLOW_PRIVATE_URLS=true in .ci/run): the receiver below
// runs in this test process, on the same machine as the app, in both modes.

const FLOW_TIMEOUT_MS = 120_000;

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

const startReceiver = async () => {
  const received: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/labeldesk`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** Buys one label through the API the Order Label page uses; answers its order id. */
const buyLabel = async (customer: FundedCustomer, serviceName: string): Promise<string> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `webhooks-${Date.now()}-${Math.random()}` },
    body: JSON.stringify({
      service_name: serviceName,
      sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
      receiver: { receiver_name: 'Wendy Webhook', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
      package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    }),
  });
  const body = (await response.json()) as { data?: { orderId?: unknown } };
  if (response.status !== 200 || typeof body.data?.orderId !== 'string') throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return body.data.orderId;
};

const openAccount = async (page: Page): Promise<void> => {
  await page.goto(appUrl('/main/account'));
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
};

describe('Webhooks on the Account page', () => {
  const currentPage = useBrowserPage();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it(
    'adds an endpoint, shows its secret once, and logs the signed label.purchased delivery with status 200',
    async () => {
      const page = currentPage();
      const customer = await fundedCustomer(5_000);
      const serviceName = await serviceNameFor(customer);
      await openSignedIn(page, customer);
      await openAccount(page);
      await page.getByText('No endpoints yet.').waitFor();

      // A URL the server will not call is refused with its reason.
      const form = page.getByRole('form', { name: 'Add webhook endpoint' });
      await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('ftp://example.com/hook');
      await form.getByRole('button', { name: 'Add Endpoint' }).click();
      await page.getByText('Webhook URL must be an https:// URL.').first().waitFor();
      await dismissToasts(page);

      await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
      await form.getByText('Label voided', { exact: true }).click();
      await form.getByRole('button', { name: 'Add Endpoint' }).click();
      const secretText = page.getByTestId('webhook-secret');
      await secretText.waitFor();
      const secret = (await secretText.textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
      await endpoint.getByText('Enabled', { exact: true }).waitFor();
      await endpoint.getByText('Label purchased', { exact: true }).waitFor();
      await endpoint.getByText('Label voided', { exact: true }).waitFor();
      await saveScreenshot(page, 'webhooks-secret-shown-once');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await expect(secretText.count()).resolves.toBe(0);

      const orderId = await buyLabel(customer, serviceName);
      await endpoint.getByRole('button', { name: 'Deliveries' }).click();
      const log = endpoint.getByRole('table', { name: 'Delivery log' });
      const row = log.getByRole('row').filter({ hasText: 'label.purchased' });
      await row.getByText('200', { exact: true }).waitFor({ timeout: 60_000 });
      await saveScreenshot(page, 'webhooks-delivery-log');

      // What reached the receiver is the purchase, signed with the secret the page showed.
      const delivery = receiver.received.find((d) => d.headers['webhook-id'] === `label.purchased:single:${orderId}`);
      if (!delivery) throw new Error('the receiver got no label.purchased for the order');
      expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ type: 'label.purchased', data: { orderId } });

      // The secret is never shown again: a reload lists the endpoint without it.
      await page.reload();
      await page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url }).waitFor();
      await expect(page.getByTestId('webhook-secret').count()).resolves.toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );
});
