import type { PriceTier } from '@labeldesk/contracts';
import { startHookTimeout } from '@labeldesk/testing';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage } from './support/browser';
import { bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import { SERVICE } from './support/bulk-orders';
import { syncAndOffer } from './support/default-services';
import { startEasyPostSystem, type EasyPostSystem } from './support/easypost-system';
import { appUrl } from './support/env';

/**
 * The bulk progress widget comes back after a reload while a batch runs (spec 9). The batch must still be running
 * when the page has reloaded twice: this spec's own system (E2E_MODE's mode) buys from the fake EasyPost in this
 * process, which holds every buy until the test lets them go, so the batch waits in the middle of buying for as long
 * as the reloads take on any machine (it took a 5,000-label batch, and luck, on CI's shared system before).
 */

const FLOW_TIMEOUT_MS = 180_000;
const ROWS = 6;
const PRIORITY_TIERS: PriceTier[] = [{ fromWeight: 1, toWeight: 70, price: 11_25 }];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('The bulk progress widget across reloads', () => {
  let easypost: EasyPostSystem | undefined;
  const system = (): EasyPostSystem => {
    if (!easypost) throw new Error('the EasyPost system did not start');
    return easypost;
  };

  // Registered before the browser's hooks, so every helper already points at this system when they run.
  beforeAll(async () => {
    easypost = await startEasyPostSystem();
    await syncAndOffer(SERVICE, PRIORITY_TIERS);
  }, startHookTimeout());

  afterAll(async () => {
    easypost?.fake.releaseBuys();
    await easypost?.stop();
  }, 60_000);

  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  /** Waits until the batch's buys have reached EasyPost and wait there: it is running, with none bought yet. */
  const buysHeld = async (timeoutMs = 60_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (system().fake.heldBuys() === 0) {
      if (Date.now() > deadline) throw new Error('no buy of the batch reached EasyPost');
      await sleep(50);
    }
  };

  it(
    'shows the progress widget again after a reload while a batch runs, until its files are ready',
    async () => {
      const { fake } = system();
      fake.holdBuys();
      const customer = await fundedCustomer(1_000_00);
      const serviceName = await serviceNameFor(customer);
      expect(serviceName).toBe(SERVICE);
      await openSignedIn(page, customer);
      const orderId = await startBatch(customer, bulkRows(ROWS, serviceName));
      await buysHeld();

      // A reload finds the running batch through GET /bulk/active; the widget opens as the modal.
      await page.reload();
      const title = page.getByTestId('bulk-progress-title');
      await title.waitFor({ timeout: 20_000 });
      const modal = page.getByTestId('bulk-progress-modal');
      await modal.getByText(`of ${ROWS} labels processed`, { exact: false }).waitFor();

      // Minimized, then reloaded again: the tab's own record of the batch brings the corner card back.
      await modal.getByRole('button', { name: 'Minimize', exact: true }).click();
      const card = page.getByRole('region', { name: 'Bulk order progress' });
      await card.waitFor();
      await page.reload();
      await card.waitFor({ timeout: 20_000 });
      await expect(card.getAttribute('data-status')).resolves.toBeTruthy();
      expect(fake.labelsSold()).toBe(0);
      await saveScreenshot(page, 'bulk-widget-after-reload');

      // Let EasyPost answer: the widget follows the batch to the end: title, downloads, and the close button enabled.
      fake.releaseBuys();
      await card.getByRole('button', { name: 'Expand progress' }).click();
      await modal.getByText('Order Processed Successfully!').waitFor({ timeout: 120_000 });
      await modal.getByRole('button', { name: 'Labels PDF' }).waitFor();
      await modal.getByRole('button', { name: 'Results CSV' }).waitFor();
      await modal.getByRole('button', { name: 'Amazon confirmation TSV' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('button', { name: 'Labels PDF' }).click()]);
      expect(download.suggestedFilename().endsWith('.pdf')).toBe(true);
      await page.getByText('Labels PDF download completed successfully!').first().waitFor();
      await saveScreenshot(page, 'bulk-widget-completed');

      const batch = await waitForFinalBatch(customer, orderId, 10_000);
      expect(batch.totalCount).toBe(ROWS);
      expect(batch.processedCount).toBe(ROWS);
      expect(fake.labelsSold()).toBe(ROWS);

      // Closed, the widget stays closed after a reload; the batch is in the list.
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      expect(await page.getByTestId('bulk-progress-title').count()).toBe(0);
      await page.goto(appUrl('/main/batch-orders'));
      await page.locator(`[data-testid="batch-row"][data-batch-id="${orderId}"]`).waitFor();
      expect(await page.getByTestId('bulk-progress-title').count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );
});
