import { batchLabelsPageSchema, todayScanFormsResponseSchema } from '@labeldesk/contracts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { animationsDone, dismissToasts, saveDownload, saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import type { FundedCustomer } from './support/bulk-api';
import { bulkCsv, openBulkOrder, pdfPageCount, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { appUrl } from './support/env';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';

// The shipping day (issue 24): a batch's SCAN form (USPS PS Form 5630, the sandbox's SAMPLE) and packing slips from
// the Batch Orders list, and today's single labels on a SCAN form from Orders. PDFs are read back with pdftotext
// (poppler-utils, which .ci/run installs for the label checks).

const FLOW_TIMEOUT_MS = 240_000;
const work = mkdtempSync(join(tmpdir(), 'shipping-day-'));

/** The text of a PDF, as poppler reads it. */
const pdfText = (bytes: Uint8Array, name: string): string => {
  const path = join(work, name);
  writeFileSync(path, bytes);
  const read = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', timeout: 30_000 });
  if (read.error || read.status !== 0) throw new Error(`pdftotext could not read ${name}: ${read.error?.message ?? read.stderr}`);
  return read.stdout;
};

const signIn = async (page: Page, customer: FundedCustomer): Promise<void> => {
  await openSignedIn(page, customer);
};

/** Clicks a download button and answers the file that arrived, after the toast said so. */
const downloaded = async (page: Page, button: Locator, toast: string, name: string): Promise<Buffer> => {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), button.click()]);
  expect(download.suggestedFilename().endsWith('.pdf')).toBe(true);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByText(toast).first().waitFor();
  await dismissToasts(page);
  saveDownload(name, bytes);
  return bytes;
};

const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Dora Dispatch', sender_address1: '7 Dock Rd', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Forms', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

/** Buys one single label through the API the Order Label page uses; answers its tracking number. */
const buyLabel = async (customer: FundedCustomer): Promise<string> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `forms-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(ORDER),
  });
  const body = (await response.json()) as { data?: { trackingNumber?: unknown } };
  const trackingNumber = body.data?.trackingNumber;
  if (response.status !== 200 || typeof trackingNumber !== 'string') throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return trackingNumber;
};

describe('The shipping day: SCAN forms and packing slips', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "downloads a batch's SCAN form listing every label, the same form again, and its packing slips with and without prices",
    async () => {
      const customer = await fundedCustomer(50_000);
      const serviceName = await serviceNameFor(customer);
      const orderId = await startBatch(customer, bulkRows(3, serviceName));
      expect((await waitForFinalBatch(customer, orderId)).status).toBe('completed');
      const labels = batchLabelsPageSchema.parse((await apiCall(`/api/orders/bulk/${orderId}/labels`, { token: customer.token })).body).labels;
      expect(labels).toHaveLength(3);

      await signIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Batch Orders', exact: true }).click();
      await waitForPath(page, '/main/batch-orders');
      const row = page.locator(`[data-testid="batch-row"][data-batch-id="${orderId}"]`);
      await row.waitFor();
      await saveScreenshot(page, 'shipping-day-batch-downloads');

      const form = await downloaded(page, row.getByRole('button', { name: 'SCAN form', exact: true }), 'SCAN form download completed successfully!', 'scan-form-batch.pdf');
      const formText = pdfText(form, 'form.pdf');
      expect(formText).toContain('SHIPMENT CONFIRMATION ACCEPTANCE NOTICE');
      expect(formText).toContain('SAMPLE');
      expect(formText).toContain('PACKAGES ON THIS FORM (3)');
      expect(formText).toContain('SAM SENDER');
      for (const label of labels) expect(formText).toContain(label.trackingNumber);

      // Asked again, the batch answers the same form: its labels are on it already and go on no other.
      const again = await downloaded(page, row.getByRole('button', { name: 'SCAN form', exact: true }), 'SCAN form download completed successfully!', 'scan-form-batch-again.pdf');
      expect(again.equals(form)).toBe(true);

      const slips = await downloaded(page, row.getByRole('button', { name: 'Packing slips', exact: true }), 'Packing slips download completed successfully!', 'packing-slips.pdf');
      expect(await pdfPageCount(slips)).toBe(3);
      const slipsText = pdfText(slips, 'slips.pdf');
      expect(slipsText).toContain('PACKING SLIP');
      expect(slipsText).toContain('Amazon order 114-1000000-0000000');
      expect(slipsText).toContain('Rita Receiver 3');
      expect(slipsText).toContain('Sender Goods LLC');
      // The buyer reads the slip: it names the service, never the seller's postage.
      expect(slipsText).toMatch(/Shipped with \S/);
      expect(slipsText).not.toContain('$');

      const gift = await downloaded(page, row.getByRole('button', { name: 'Gift slips', exact: true }), 'Gift slips download completed successfully!', 'gift-slips.pdf');
      expect(await pdfPageCount(gift)).toBe(3);
      const giftText = pdfText(gift, 'gift.pdf');
      expect(giftText).toContain('GIFT PACKING SLIP');
      expect(giftText).toContain('SKU-1');
      expect(giftText).not.toContain('$');

      // Someone else's batch: the same answer as a batch that does not exist.
      const stranger = await fundedCustomer(0);
      for (const kind of ['scan-form', 'packing-slips']) {
        const theirs = await apiCall(`/api/orders/download/${kind}/${orderId}`, { token: stranger.token });
        expect(theirs.status).toBe(404);
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'offers the SCAN form of a 200-label batch in the progress widget: one form, its list continued on a second page',
    async () => {
      const customer = await fundedCustomer(1_000_000);
      await openBulkOrder(page, customer);
      // Bought from the Bulk Order page as a seller does: the widget follows the batch from its submit to its end
      // (a batch started through the API and found by a reload may already be over before the page is back).
      await uploadBulkFile(page, 'two-hundred.csv', bulkCsv(Array.from({ length: 200 }, (_, index) => validCsvRow(index + 1))));
      await page.getByTestId('bulk-items-badge').filter({ hasText: '200 rows' }).waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached', timeout: 30_000 });
      const [init] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/orders/bulk/init'), { timeout: 30_000 }),
        page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click(),
      ]);
      const orderId = ((await init.json()) as { orderId?: unknown }).orderId;
      if (typeof orderId !== 'string') throw new Error('the page started no batch');
      await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 200_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Expand progress' }).click();
      const form = await downloaded(page, modal.getByRole('button', { name: 'SCAN form', exact: true }), 'SCAN form download completed successfully!', 'scan-form-200.pdf');
      expect(await pdfPageCount(form)).toBe(2);
      const text = pdfText(form, 'form-200.pdf');
      expect(text).toContain('PACKAGES ON THIS FORM (200)');
      const labels = batchLabelsPageSchema.parse((await apiCall(`/api/orders/bulk/${orderId}/labels?limit=500`, { token: customer.token })).body).labels;
      expect(labels).toHaveLength(200);
      for (const label of labels) expect(text).toContain(label.trackingNumber);
      await saveScreenshot(page, 'shipping-day-widget');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "puts the labels chosen among today's on one SCAN form from Orders, leaving the others for later",
    async () => {
      const customer = await fundedCustomer(20_000);
      const bought = [await buyLabel(customer), await buyLabel(customer), await buyLabel(customer)];
      const [kept, other, later] = bought as [string, string, string];

      await signIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders', exact: true }).click();
      await waitForPath(page, '/main/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

      await page.getByRole('button', { name: 'SCAN form for today', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'SCAN form for today' });
      await dialog.getByText('From Dora Dispatch, 7 Dock Rd, Austin, TX 78701').waitFor();
      expect(await dialog.getByTestId('scan-form-label').count()).toBe(3);
      // Every label starts chosen; the seller keeps one back for tomorrow.
      await dialog.getByText(later).waitFor();
      await animationsDone(page);
      await dialog.getByTestId('scan-form-label').filter({ hasText: later }).locator('[data-part="control"]').click();
      const make = dialog.getByRole('button', { name: 'Make SCAN form (2 labels)', exact: true });
      await make.waitFor();
      await saveScreenshot(page, 'shipping-day-scan-form-dialog');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await tableLayoutProblems(page)).toEqual([]);

      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/api/orders/scan-forms/today/${customer.userId}`) && response.request().method() === 'POST', { timeout: 90_000 }),
        downloaded(page, make, 'SCAN form for today: 1 form for 2 labels downloaded.', 'scan-form-today.pdf').then((bytes) => {
          const text = pdfText(bytes, 'today.pdf');
          expect(text).toContain('PACKAGES ON THIS FORM (2)');
          expect(text).toContain('DORA DISPATCH');
          for (const trackingNumber of [kept, other]) expect(text).toContain(trackingNumber);
          expect(text).not.toContain(later);
        }),
      ]);
      expect(answer.status()).toBe(200);
      const first = todayScanFormsResponseSchema.parse(await answer.json());
      expect(first.forms).toHaveLength(1);
      expect([...(first.forms[0]?.trackingNumbers ?? [])].sort()).toEqual([kept, other].sort());
      await dialog.waitFor({ state: 'hidden' });

      // Opened again, the two are on their form and the one kept back is still ready.
      await page.getByRole('button', { name: 'SCAN form for today', exact: true }).click();
      await dialog.getByRole('button', { name: 'Make SCAN form (1 label)', exact: true }).waitFor();
      const states = await dialog.getByTestId('scan-form-label').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')));
      expect(states).toEqual(['on_form', 'on_form', 'available']);
      await animationsDone(page);
      await saveScreenshot(page, 'shipping-day-scan-form-dialog-again');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

      // Another customer may not ask for this customer's forms or labels.
      const stranger = await fundedCustomer(0);
      const refused = await apiCall(`/api/orders/scan-forms/today/${customer.userId}`, { method: 'POST', token: stranger.token });
      expect(refused.status).toBe(403);
      expect((await apiCall(`/api/orders/scan-forms/today/${customer.userId}`, { token: stranger.token })).status).toBe(403);
    },
    FLOW_TIMEOUT_MS,
  );
});
