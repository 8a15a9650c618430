import type { PriceTier } from '@labeldesk/contracts';
import { FakeEasyPostServer, startDistributed, startEmbedded, startHookTimeout, type FakeEasyPostOptions, type RunningSystem } from '@labeldesk/testing';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { bulkCsv, SERVICE, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { syncAndOffer } from './support/default-services';
import { e2eMode } from './support/easypost-system';
import { testAgainstOwnSystem } from './support/env';

/**
 * Issue 26: while retrying 3 failed labels the progress modal said "Retrying 0 Failed Label(s)...", because the
 * server's failed count drops to 0 as the retry starts. CI's sandbox carrier never fails a label, so this spec starts
 * its own system (E2E_MODE's mode) buying from the fake EasyPost in this process, which refuses three buys.
 */

const FLOW_TIMEOUT_MS = 180_000;
const ROWS = 5;
const FAILING = 3;
/** Each EasyPost request takes this long while the batch runs: time to arm the next refusal between two buys. */
const FIRST_RUN_LATENCY_MS = 400;
/** Each EasyPost request takes this long during the retry, so "Retrying…" is on screen for seconds, not a frame. */
const RETRY_LATENCY_MS = 1_500;

const PRIORITY_TIERS: PriceTier[] = [{ fromWeight: 1, toWeight: 70, price: 11_25 }];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RetrySystem {
  fake: FakeEasyPostServer;
  /** The fake reads its options on every request: changing latencyMs here slows it down from the next request on. */
  fakeOptions: FakeEasyPostOptions;
  system: RunningSystem;
}

/**
 * Like startEasyPostSystem, but the fake's latency can change mid-test and the batch buys one label at a time
 * (BULK_CONCURRENCY=1), so "refuse the next buy" lands on exactly the row meant.
 */
const startRetrySystem = async (): Promise<RetrySystem> => {
  const fakeOptions: FakeEasyPostOptions = { latencyMs: FIRST_RUN_LATENCY_MS };
  const fake = new FakeEasyPostServer(fakeOptions);
  await fake.start();
  const orders = { CARRIERS: 'easypost', EASYPOST_API_KEY: fake.apiKey, EASYPOST_API_URL: fake.url, BULK_CONCURRENCY: '1' };
  let system: RunningSystem;
  try {
    system = e2eMode() === 'distributed' ? await startDistributed({}, { ordersEnv: orders }) : await startEmbedded(orders);
  } catch (error) {
    await fake.stop();
    throw error;
  }
  testAgainstOwnSystem({ baseUrl: system.baseUrl, admin: { email: system.adminEmail, password: system.adminPassword } });
  return { fake, fakeOptions, system };
};

const buysReceived = (fake: FakeEasyPostServer): number =>
  fake.requests.filter(({ method, path }) => method === 'POST' && /^\/v2\/shipments\/[^/]+\/buy$/.test(path)).length;

/**
 * EasyPost refuses the next `count` buys with a 422 (a carrier refusal: the row fails, it is not left pending). The
 * fake takes a refusal for the next buy only, so each is armed once the one before it was taken (its buy answered);
 * with one buy at a time and every request slowed down, the next buy is at least two requests away by then.
 */
const refuseNextBuys = async (fake: FakeEasyPostServer, count: number, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  const before = buysReceived(fake);
  for (let refused = 1; refused <= count; refused += 1) {
    fake.failNextBuyWith(422);
    while (fake.buyFailurePending()) {
      if (Date.now() > deadline) throw new Error(`EasyPost refused ${refused - 1} of ${count} buys (${buysReceived(fake) - before} received)`);
      await sleep(20);
    }
  }
};

/** Waits until EasyPost has received `more` requests than `before`: the batch has moved on by that much. */
const requestsPast = async (fake: FakeEasyPostServer, before: number, more: number, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (fake.requests.length < before + more) {
    if (Date.now() > deadline) throw new Error(`EasyPost received ${fake.requests.length - before} of ${more} requests`);
    await sleep(20);
  }
};

/** Every text the progress title shows from now on, recorded in the page so no short-lived one is missed. */
const recordTitles = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTitles: string[] }).progressTitles = seen;
    const note = () => {
      for (const title of document.querySelectorAll('[data-testid="bulk-progress-title"]')) {
        const text = title.textContent ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

const recordedTitles = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { progressTitles: string[] }).progressTitles);

describe('Retrying the failed labels of a batch', () => {
  let started: RetrySystem | undefined;
  const system = (): RetrySystem => {
    if (!started) throw new Error('the EasyPost system did not start');
    return started;
  };

  // Registered before the browser's hooks, so every helper already points at this system when they run.
  beforeAll(async () => {
    started = await startRetrySystem();
    await syncAndOffer(SERVICE, PRIORITY_TIERS);
  }, startHookTimeout());

  afterAll(async () => {
    testAgainstOwnSystem(undefined);
    await started?.system.stop();
    await started?.fake.stop();
  }, 60_000);

  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'says "Retrying 3 Failed Label(s)..." while it buys the 3 failed labels again, never "Retrying 0", and ends with every label bought',
    async () => {
      const { fake, fakeOptions } = system();
      const customer = await fundedCustomer(100_00);
      const soldBefore = fake.labelsSold();
      await openSignedIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bulk Order', exact: true }).click();
      await waitForPath(page, '/main/bulk-order');

      await uploadBulkFile(page, 'retry-orders.csv', bulkCsv(Array.from({ length: ROWS }, (_, i) => validCsvRow(i + 1, { PackageWeight: '2' }))));
      await page.getByTestId('bulk-items-badge').filter({ hasText: new RegExp(`^${ROWS} rows$`) }).waitFor();
      await page.locator('[data-testid="bulk-total"] [data-pricing]').waitFor({ state: 'detached', timeout: 15_000 });

      const refusals = refuseNextBuys(fake, FAILING);
      await page.getByRole('button', { name: 'Submit Bulk Order', exact: true }).click();
      await refusals;

      const modal = page.getByTestId('bulk-progress-modal');
      const title = modal.getByTestId('bulk-progress-title');
      await modal.waitFor({ timeout: 30_000 });
      await title.filter({ hasText: `Order Processed With ${FAILING} Failed Label(s)` }).waitFor({ timeout: 120_000 });
      expect(await modal.getAttribute('data-status')).toBe('completed_with_errors');
      expect(fake.labelsSold()).toBe(soldBefore + ROWS - FAILING);

      // EasyPost sells again, slowly: the retry stays on screen long enough to be read.
      fakeOptions.latencyMs = RETRY_LATENCY_MS;
      await recordTitles(page);
      await modal.getByRole('button', { name: 'Retry Failed', exact: true }).click();
      await title.filter({ hasText: /^Retrying 3 Failed Label\(s\)\.\.\.$/ }).waitFor({ timeout: 10_000 });
      const requestsBefore = fake.requests.length;
      await saveScreenshot(page, `bulk-retrying-3-failed-${e2eMode()}`);
      // Still 3 three requests later (at least two of RETRY_LATENCY_MS each), the retry still running: the count does
      // not follow the server's failed count, which drops to 0 as the retry starts.
      await requestsPast(fake, requestsBefore, 3);
      expect(fake.labelsSold()).toBeLessThan(soldBefore + ROWS);
      expect(await title.textContent()).toBe('Retrying 3 Failed Label(s)...');

      await title.filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 120_000 });
      expect(await modal.getAttribute('data-status')).toBe('completed');
      expect(fake.labelsSold()).toBe(soldBefore + ROWS);
      const titles = await recordedTitles(page);
      expect(titles).toContain('Retrying 3 Failed Label(s)...');
      expect(titles.filter((text) => text.startsWith('Retrying') && text !== 'Retrying 3 Failed Label(s)...')).toEqual([]);
      await saveScreenshot(page, `bulk-retry-completed-${e2eMode()}`);
    },
    FLOW_TIMEOUT_MS,
  );
});
