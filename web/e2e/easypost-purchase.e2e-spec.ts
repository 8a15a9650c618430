import { readFile } from 'node:fs/promises';
import type { PriceTier } from '@labeldesk/contracts';
import { startHookTimeout } from '@labeldesk/testing';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { dismissToasts, saveDownload, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';
import { bulkCsv, dataLines, pdfPageCount, saveViewScreenshot, SERVICE, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { priceAndOffer, syncDefaultServices } from './support/default-services';
import { startEasyPostSystem, trackingCodesSold, type EasyPostSystem } from './support/easypost-system';
import { fillSingleOrder } from './support/order-form';

/**
 * Real postage, bought in the browser: this spec starts its own system (E2E_MODE's mode) that buys from EasyPost (the
 * fake, in this process), where CI's system at E2E_BASE_URL sells sandbox samples.
 */

/** Starting a system (a distributed one is six processes) and a purchase through a carrier with its own HTTP hops. */
const FLOW_TIMEOUT_MS = 180_000;

/** The admin's tiers for Priority Mail: a label's price says which tier its weight fell in. */
const PRIORITY_TIERS: PriceTier[] = [
  { fromWeight: 1, toWeight: 3, price: 11_25 },
  { fromWeight: 4, toWeight: 10, price: 18_40 },
  { fromWeight: 11, toWeight: 70, price: 39_75 },
];

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

const download = async (page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> => {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
};

const openFromSidebar = async (page: Page, label: string, path: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
};

/** Waits until the avatar menu shows a balance of exactly `cents`; a screenshot of the open menu, which is then closed. */
const expectMenuBalance = async (page: Page, cents: number, screenshot: string): Promise<void> => {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByTestId('user-menu-balance').filter({ hasText: new RegExp(`^\\${dollars(cents)}$`) }).waitFor();
  // The menu fades in: the screenshot waits for it to be opaque.
  await page.getByRole('menu').evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await saveViewScreenshot(page, screenshot);
  await page.keyboard.press('Escape');
};

/** The customer's balance as the API reads it: a refused label took nothing. */
const expectBalanceThroughApi = async (cents: number, token: string): Promise<void> => {
  const answer = await fetch(appUrl('/api/auth/verify'), { headers: { token } });
  const body = (await answer.json()) as { user?: { balance?: number } };
  expect(body.user?.balance).toBe(cents);
};

/** The label file EasyPost itself serves for a tracking code (the fake's file host). */
const easyPostLabelFile = async (easypost: EasyPostSystem, trackingCode: string): Promise<Buffer> => {
  const bought = easypost.fake.requests.map(({ path }) => /^\/v2\/shipments\/([^/]+)\/buy$/.exec(path)?.[1]).filter((id): id is string => id !== undefined);
  const shipment = bought.map((id) => easypost.fake.shipment(id)).find((candidate) => candidate?.['tracking_code'] === trackingCode);
  const label = shipment?.['postage_label'] as { label_url?: unknown } | undefined;
  if (typeof label?.label_url !== 'string') throw new Error(`the fake sold no label ${trackingCode}`);
  const response = await fetch(label.label_url);
  if (!response.ok) throw new Error(`EasyPost's label file answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
};

describe('Buying labels with postage through EasyPost', () => {
  let easypost: EasyPostSystem | undefined;
  const system = (): EasyPostSystem => {
    if (!easypost) throw new Error('the EasyPost system did not start');
    return easypost;
  };

  // Registered before the browser's hooks, so every helper already points at this system when they run.
  beforeAll(async () => {
    easypost = await startEasyPostSystem();
    // With a real carrier nothing is priced: the admin syncs the shipping services and prices the one sold here.
    const defaults = await syncDefaultServices();
    // USPS's services at home and abroad (issue 46).
    expect(defaults.map((service) => service.name).sort()).toEqual([
      'USPS First-Class Package International',
      'USPS Ground Advantage',
      'USPS Priority Mail',
      'USPS Priority Mail Express',
      'USPS Priority Mail Express International',
      'USPS Priority Mail International',
    ]);
    expect(defaults.filter((service) => service.enabled)).toEqual([]);
    const priority = defaults.find((service) => service.name === SERVICE);
    if (!priority) throw new Error(`the sync brought no ${SERVICE}`);
    await priceAndOffer(priority, PRIORITY_TIERS);
  }, startHookTimeout());

  afterAll(async () => {
    await easypost?.stop();
  }, 60_000);

  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "buys one EasyPost label at the admin's price: the file is EasyPost's, not a sample, and the balance drops by exactly the price",
    async () => {
      const customer = await fundedCustomer(50_00);
      const soldBefore = system().fake.labelsSold();
      await openSignedIn(page, customer);
      await openFromSidebar(page, 'Order Label', '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();

      // Only the service the admin priced is for sale; the two left unpriced are not offered at $0.
      const service = page.getByRole('combobox', { name: 'Service', exact: true });
      await service.locator('option', { hasText: SERVICE }).waitFor({ state: 'attached' });
      expect(await service.locator('optgroup option').allTextContents()).toEqual([SERVICE]);
      await service.selectOption({ label: SERVICE });

      await fillSingleOrder(page, '2.5');

      // 2.5 lb bills as 3 lb: the first tier.
      await page.locator('[data-testid="live-price"][data-priced-weight="2.5"]:not([data-pricing])').filter({ hasText: dollars(11_25) }).waitFor();
      await saveViewScreenshot(page, 'easypost-label-order-form');

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      await created.getByText(dollars(11_25), { exact: true }).waitFor();
      const trackingNumber = (await created.getByTestId('created-tracking-number').textContent()) ?? '';
      expect(system().fake.labelsSold()).toBe(soldBefore + 1);
      expect(trackingCodesSold(system().fake)).toContain(trackingNumber);

      const label = await download(page, created.getByRole('button', { name: 'Download Label', exact: true }));
      expect(label.name).toContain(trackingNumber);
      expect(label.name).not.toMatch(/sample/i);
      // The customer gets EasyPost's own label, byte for byte, not a sandbox rendering.
      expect(label.bytes.equals(await easyPostLabelFile(system(), trackingNumber))).toBe(true);
      saveDownload('easypost-label.pdf', label.bytes);
      await saveViewScreenshot(page, 'easypost-label-created');
      await created.getByRole('button', { name: 'Create another', exact: true }).click();
      await created.waitFor({ state: 'hidden' });

      await expectMenuBalance(page, 50_00 - 11_25, 'easypost-label-balance');
      expect(system().fake.labelsSold()).toBe(soldBefore + 1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'buys a batch of three from a CSV through EasyPost: one sale per row, files without SAMPLE, the balance down by the sum of their tiers',
    async () => {
      const customer = await fundedCustomer(100_00);
      const soldBefore = system().fake.labelsSold();
      const codesBefore = trackingCodesSold(system().fake).length;
      await openSignedIn(page, customer);
      await openFromSidebar(page, 'Bulk Order', '/main/bulk-order');
      await page.getByRole('heading', { level: 1, name: 'Bulk Order' }).waitFor();

      // One row in each tier: 2 lb, 5 lb and 12 lb.
      const rows = [validCsvRow(1, { PackageWeight: '2' }), validCsvRow(2, { PackageWeight: '5' }), validCsvRow(3, { PackageWeight: '12' })];
      const total = 11_25 + 18_40 + 39_75;
      await uploadBulkFile(page, 'easypost-orders.csv', bulkCsv(rows));
      await page.getByTestId('bulk-items-badge').filter({ hasText: /^3 rows$/ }).waitFor();
      await page.getByTestId('bulk-total').filter({ hasText: dollars(total) }).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached' });
      await saveViewScreenshot(page, 'easypost-bulk-ready');

      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 120_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
      await modal.waitFor();
      await saveViewScreenshot(page, 'easypost-bulk-processed');
      expect(system().fake.labelsSold()).toBe(soldBefore + 3);
      const sold = trackingCodesSold(system().fake).slice(codesBefore);
      expect(sold).toHaveLength(3);

      const pdf = await download(page, modal.getByTestId('download-pdf'));
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(await pdfPageCount(pdf.bytes)).toBe(3);
      saveDownload('easypost-bulk-labels.pdf', pdf.bytes);

      const results = await download(page, modal.getByTestId('download-result-csv'));
      const [header, ...lines] = dataLines(results.bytes.toString('utf8'));
      const tracking = (header ?? '').split(',').findIndex((name) => name.replace(/[^a-z]/gi, '').toLowerCase().includes('tracking'));
      expect(tracking).toBeGreaterThanOrEqual(0);
      expect(lines.map((line) => line.split(',')[tracking]?.replace(/"/g, '').trim()).sort()).toEqual([...sold].sort());

      // Amazon's confirmation file, for real postage: no sample notice, the order ids as they are, EasyPost's numbers.
      const confirm = await download(page, modal.getByTestId('download-auto-csv'));
      const [confirmHeader, ...confirmLines] = dataLines(confirm.bytes.toString('utf8'));
      expect(confirmHeader?.startsWith('order-id\t')).toBe(true);
      expect(confirmLines.map((line) => line.split('\t')[0]).sort()).toEqual(rows.map((row) => row.orderId).sort());
      expect(confirmLines.map((line) => line.split('\t')[6]).sort()).toEqual([...sold].sort());
      for (const file of [pdf, results, confirm]) expect(file.name).not.toMatch(/sample/i);
      expect(confirm.bytes.toString('utf8')).not.toMatch(/sample/i);

      await page.keyboard.press('Escape');
      await dismissToasts(page);
      await expectMenuBalance(page, 100_00 - total, 'easypost-bulk-balance');
    },
    FLOW_TIMEOUT_MS,
  );
  it(
    'tells the admin on the dashboard when EasyPost has no funds left, and charges the customer nothing',
    async () => {
      const customer = await fundedCustomer(50_00);
      system().fake.insufficientFundsNext();
      const refused = await fetch(appUrl('/api/orders/v2'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `no-funds-${Date.now()}` },
        body: JSON.stringify({
          service_name: SERVICE,
          sender: { sender_name: 'Sam Sender', sender_address1: '1600 Amphitheatre Pkwy', sender_city: 'Mountain View', sender_state_province: 'CA', sender_zip_postal: '94043' },
          receiver: { receiver_name: 'Rita Receiver', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
          package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
        }),
      });
      const body = (await refused.json()) as { message?: string };
      expect(refused.status).toBe(502);
      expect(body.message).toMatch(/You have not been charged\.$/);

      await openSignedIn(page, adminCredentials(), '/admin/dashboard');
      const alerts = page.getByRole('region', { name: 'Carrier alerts' });
      // The alert is written beside the purchase, and the dashboard asks for it again every 30 s.
      await alerts.getByText('EasyPost has no funds left', { exact: true }).waitFor({ timeout: 45_000 });
      await alerts.getByText(/Batches buying from EasyPost are paused/).waitFor();
      await saveViewScreenshot(page, 'easypost-admin-carrier-alert');
      await expectBalanceThroughApi(50_00, customer.token);
    },
    FLOW_TIMEOUT_MS,
  );
});
