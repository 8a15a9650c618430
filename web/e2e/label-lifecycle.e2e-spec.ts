import { bulkVoidResponseSchema, labelTrackingSchema, refundSummarySchema, voidLabelResponseSchema } from '@labeldesk/contracts';
import type { BulkVoidResponse, LabelTracking, RefundSummary, VoidLabelResponse } from '@labeldesk/contracts';
import type { Locator, Page } from 'playwright-core';
import { loginThroughApi, openAccountMenu, openSignedIn } from './support/accounts';
import { animationsDone, dismissToasts, saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { refreshOrdersUntil } from './support/page-state';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import type { FundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';

// The system under test runs the sandbox carrier at browser-test speed (.ci/run): half of its labels, chosen by their
// tracking number, are scanned at once and can no longer be voided; its manifest goes 45 s after a purchase (a void
// before is credited at once, after it is a refund the reconciler settles within 5–10 s).

/** The sandbox's manifest (SANDBOX_MANIFEST_AFTER_SECONDS in .ci/run): a void later than this is a refund request. */
const MANIFEST_AFTER_MS = 45_000;
/** Labels bought at most while looking for one scanned or not: each is one or the other by a coin flip of its number. */
const MAX_PURCHASES = 12;
const FLOW_TIMEOUT_MS = 150_000;

const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Lifecycle', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

interface BoughtLabel {
  orderId: string;
  trackingNumber: string;
  price: number;
  tracking: LabelTracking;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const okBody = (answer: { status: number; body: unknown }, what: string): unknown => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
};

const trackingOf = async (customer: FundedCustomer, orderId: string): Promise<LabelTracking> =>
  labelTrackingSchema.parse(okBody(await apiCall(`/api/orders/${orderId}/tracking`, { token: customer.token }), 'tracking'));

/** Buys one label through the API the Order Label page uses, then asks for its tracking (which asks the carrier). */
const buyLabel = async (customer: FundedCustomer): Promise<BoughtLabel> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `lifecycle-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(ORDER),
  });
  const body: unknown = await response.json();
  const data = isRecord(body) && isRecord(body['data']) ? body['data'] : undefined;
  const orderId = data?.['orderId'];
  const trackingNumber = data?.['trackingNumber'];
  const price = data?.['price'];
  if (response.status !== 200 || typeof orderId !== 'string' || typeof trackingNumber !== 'string' || typeof price !== 'number') {
    throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  }
  return { orderId, trackingNumber, price, tracking: await trackingOf(customer, orderId) };
};

/** Buys labels until one is scanned (`used`) or not, as asked; answers it (the others stay in the customer's Orders). */
const buyLabelThat = async (customer: FundedCustomer, used: boolean): Promise<BoughtLabel> => {
  for (let bought = 0; bought < MAX_PURCHASES; bought += 1) {
    const label = await buyLabel(customer);
    if (label.tracking.used === used) return label;
  }
  throw new Error(`no ${used ? 'scanned' : 'unscanned'} label in ${MAX_PURCHASES} purchases: is SANDBOX_TRACKING_SHARE=0.5 set on the system?`);
};

const balanceCents = async (customer: FundedCustomer): Promise<number> => {
  const body = okBody(await apiCall('/api/auth/api/balance', { token: customer.token }), 'balance');
  if (!isRecord(body) || typeof body['balance'] !== 'number') throw new Error(`balance answered ${JSON.stringify(body)}`);
  return body['balance'];
};

const refundSummary = async (customer: FundedCustomer): Promise<RefundSummary> =>
  refundSummarySchema.parse(okBody(await apiCall(`/api/orders/refunds/${customer.userId}`, { token: customer.token }), 'refund summary'));

/** `$1,234.56` as cents. */
const centsOf = (text: string): number => {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number((match[2] ?? '').replace(/,/g, '')) * 100 + Number(match[3]));
};
const usd = (cents: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The balance the app shows in the avatar menu, in cents. */
const shownBalance = async (page: Page): Promise<number> => {
  await openAccountMenu(page);
  const text = (await page.getByTestId('user-menu-balance').textContent()) ?? '';
  await closeAccountMenu(page);
  return centsOf(text);
};

/** Closes the avatar menu; an Escape that arrives while the menu is still settling is pressed again. */
const closeAccountMenu = async (page: Page): Promise<void> => {
  const balance = page.getByTestId('user-menu-balance');
  for (let tries = 0; tries < 3; tries++) {
    await page.keyboard.press('Escape');
    if (await balance.waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false)) return;
  }
  await balance.waitFor({ state: 'hidden' });
};

/** Waits until the avatar menu shows this balance (the app reads it again after a void). */
const waitForShownBalance = async (page: Page, cents: number): Promise<void> => {
  await openAccountMenu(page);
  await page.getByTestId('user-menu-balance').filter({ hasText: new RegExp(`^\\${usd(cents)}$`) }).waitFor({ timeout: 15_000 });
  await closeAccountMenu(page);
};

const openOrders = async (page: Page): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await waitForPath(page, '/main/orders');
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
};

const orderRow = (page: Page, orderId: string): Locator => page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);

/** Asks the Orders list again until the order is there (labels bought through the API after the page loaded). */
const refreshUntilListed = async (page: Page, orderId: string): Promise<Locator> => {
  const row = orderRow(page, orderId);
  await refreshOrdersUntil(page, row);
  return row;
};

/** Asks the server until the customer's refunds say `wanted` (a poll on the API: the reconciler works on its own clock). */
const untilRefunds = async (customer: FundedCustomer, wanted: (summary: RefundSummary) => boolean): Promise<RefundSummary> => {
  for (;;) {
    const summary = await refundSummary(customer);
    if (wanted(summary)) return summary;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Voids a single label from its Orders row through the confirmation; answers what the server said. */
const voidFromOrders = async (page: Page, label: BoughtLabel): Promise<VoidLabelResponse> => {
  const row = orderRow(page, label.orderId);
  await row.getByRole('button', { name: `Void label ${label.trackingNumber}`, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Void label ${label.trackingNumber}?` });
  await dialog.waitFor();
  const explanation = (await dialog.getByTestId('void-explanation').textContent()) ?? '';
  expect(explanation).toContain(`${usd(label.price)} comes back to your balance at once`);
  expect(explanation).toContain('Refund pending');
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/api/orders/${label.orderId}/void`) && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Void label', exact: true }).click(),
  ]);
  expect(answer.status()).toBe(200);
  const voided = voidLabelResponseSchema.parse(await answer.json());
  await page.getByText(voided.message, { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return voided;
};

/** A customer with one unscanned label, and when it was bought. */
interface LabelBought {
  customer: FundedCustomer;
  label: BoughtLabel;
  boughtAt: number;
}

describe("A label's life after purchase", () => {
  const currentPage = useBrowserPage();
  let page: Page;
  let pastManifest: LabelBought;

  // The refund test's label is bought as the file starts, so the sandbox's manifest (45 s after the purchase) passes
  // while the tests before it run instead of being waited out by that test alone.
  beforeAll(async () => {
    const customer = await fundedCustomer(10_000);
    pastManifest = { customer, label: await buyLabelThat(customer, false), boughtAt: Date.now() };
  }, FLOW_TIMEOUT_MS);

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'lets a customer void an unused label from Orders, says what comes back first, and shows it Voided with the price back on the balance',
    async () => {
      const customer = await fundedCustomer(10_000);
      await openSignedIn(page, customer);
      await openOrders(page);

      // Bought after the page is open: the void must reach the carrier before its manifest, 45 s after the purchase.
      const label = await buyLabelThat(customer, false);
      const boughtAt = Date.now();
      // Read again: the app shows the balance it read before these purchases.
      await page.reload();
      const row = await refreshUntilListed(page, label.orderId);
      await row.getByRole('button', { name: `Void label ${label.trackingNumber}`, exact: true }).waitFor();
      const before = await shownBalance(page);
      expect(before).toBe(await balanceCents(customer));

      await row.getByRole('button', { name: `Void label ${label.trackingNumber}`, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `Void label ${label.trackingNumber}?` });
      await dialog.getByTestId('void-explanation').waitFor();
      await animationsDone(page);
      await saveScreenshot(page, 'label-lifecycle-void-confirmation');
      await dialog.getByRole('button', { name: 'Keep label', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      const voided = await voidFromOrders(page, label);
      expect(Date.now() - boughtAt).toBeLessThan(MANIFEST_AFTER_MS);
      expect(voided).toMatchObject({ state: 'voided', amount: label.price, trackingNumber: label.trackingNumber });
      expect(voided.message).toBe(`Label voided: ${usd(label.price)} is back on your balance.`);

      await row.and(page.locator('[data-label-state="voided"]')).waitFor();
      await row.getByTestId('label-state').filter({ hasText: 'Voided' }).waitFor();
      // A voided label cannot be voided again.
      expect(await row.getByRole('button', { name: `Void label ${label.trackingNumber}`, exact: true }).count()).toBe(0);
      // Nor does it read as a label to use: no Download, a grey row, its price marked as back on the balance.
      await row.getByTestId('withdrawn-label').filter({ hasText: 'Label voided: do not ship with it' }).waitFor();
      expect(await row.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
      await row.getByText('back on balance', { exact: true }).waitFor();
      await saveScreenshot(page, 'label-lifecycle-voided');
      await dismissToasts(page);
      await waitForShownBalance(page, before + label.price);
      expect(await balanceCents(customer)).toBe(before + label.price);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'voids a whole batch from its labels page: the unscanned labels are voided, the scanned ones refused, and only the voided come back',
    async () => {
      const customer = await fundedCustomer(20_000);
      const serviceName = await serviceNameFor(customer);

      // Bought before signing in (as the batch-orders spec does): a batch running while the app is open shows its progress in a dialog.
      // A batch of four whose labels are some scanned and some not (each is a coin flip of its tracking number).
      let batchId = '';
      let scanned = new Map<string, boolean>();
      let finishedAt = 0;
      for (let batches = 0; batches < 4; batches += 1) {
        // Each try its own orders: the same order ids again would be held back as already shipped (decision 068).
        const rows = bulkRows(4, serviceName).map((row, i) => ({ ...row, package: { ...row.package, order_id: `114-${String(2000000 + batches * 10 + i)}-0000000` } }));
        batchId = await startBatch(customer, rows);
        const batch = await waitForFinalBatch(customer, batchId);
        finishedAt = Date.now();
        expect(batch.status).toBe('completed');
        const labels = okBody(await apiCall(`/api/orders/bulk/${batchId}/labels`, { token: customer.token }), 'batch labels');
        const numbers = isRecord(labels) && Array.isArray(labels['labels']) ? labels['labels'].map((entry: unknown) => (isRecord(entry) ? String(entry['trackingNumber']) : '')) : [];
        expect(numbers).toHaveLength(4);
        scanned = new Map();
        for (const trackingNumber of numbers) {
          const tracking = labelTrackingSchema.parse(okBody(await apiCall(`/api/orders/bulk/${batchId}/tracking/${trackingNumber}`, { token: customer.token }), 'batch tracking'));
          scanned.set(trackingNumber, tracking.used);
        }
        const usedCount = [...scanned.values()].filter(Boolean).length;
        if (usedCount > 0 && usedCount < scanned.size) break;
      }
      const unscannedNumbers = [...scanned].filter(([, used]) => !used).map(([trackingNumber]) => trackingNumber);
      const scannedNumbers = [...scanned].filter(([, used]) => used).map(([trackingNumber]) => trackingNumber);
      expect(unscannedNumbers.length).toBeGreaterThan(0);
      expect(scannedNumbers.length).toBeGreaterThan(0);

      await openSignedIn(page, customer);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Batch Orders', exact: true }).click();
      await waitForPath(page, '/main/batch-orders');
      await page.locator(`[data-testid="batch-row"][data-batch-id="${batchId}"]`).getByRole('link', { name: /^View labels/ }).click();
      await waitForPath(page, `/main/batch-orders/${batchId}`);
      await page.getByRole('heading', { level: 1, name: 'Batch labels' }).waitFor();
      const rows = page.getByTestId('batch-label-row');
      await rows.nth(3).waitFor();
      expect(await rows.count()).toBe(4);
      for (const trackingNumber of unscannedNumbers) {
        await page.getByRole('checkbox', { name: `Select label ${trackingNumber}`, exact: true }).waitFor({ state: 'attached' });
      }
      const before = await shownBalance(page);

      await page.getByRole('button', { name: 'Void all labels', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Void all labels of this batch?' });
      await dialog.getByTestId('void-explanation').waitFor();
      await animationsDone(page);
      await saveScreenshot(page, 'label-lifecycle-batch-void-confirmation');
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/api/orders/bulk/${batchId}/void`) && response.request().method() === 'POST'),
        dialog.getByRole('button', { name: 'Void all labels', exact: true }).click(),
      ]);
      expect(answer.status()).toBe(200);
      const response: BulkVoidResponse = bulkVoidResponseSchema.parse(await answer.json());
      expect(Date.now() - finishedAt).toBeLessThan(MANIFEST_AFTER_MS);

      // Each label's outcome follows its tracking: refused when scanned, voided (before the manifest) when not.
      const outcome = new Map(response.results.map((result) => [result.trackingNumber, result]));
      for (const trackingNumber of scannedNumbers) expect(outcome.get(trackingNumber)).toMatchObject({ result: 'refused', state: 'purchased', amount: 0 });
      for (const trackingNumber of unscannedNumbers) expect(outcome.get(trackingNumber)).toMatchObject({ result: 'voided', state: 'voided' });
      expect(response).toMatchObject({ voided: unscannedNumbers.length, refundPending: 0, refused: scannedNumbers.length, amountPending: 0 });
      const voidedCents = response.results.filter((result) => result.result === 'voided').reduce((sum, result) => sum + result.amount, 0);
      expect(response.amountBack).toBe(voidedCents);
      expect(voidedCents).toBeGreaterThan(0);

      const summary = page.getByRole('region', { name: 'Void results' });
      await summary.waitFor();
      expect(await summary.getByTestId('void-summary-counts').textContent()).toBe(
        `${unscannedNumbers.length} voided · 0 refund pending · ${scannedNumbers.length} refused`,
      );
      expect(await summary.getByTestId('void-summary-money').textContent()).toBe(`${usd(voidedCents)} back on your balance now · $0.00 pending the carrier's refund`);
      expect(await summary.locator('[data-testid="void-result-row"][data-result="voided"]').count()).toBe(unscannedNumbers.length);
      expect(await summary.locator('[data-testid="void-result-row"][data-result="refused"]').count()).toBe(scannedNumbers.length);

      // The table shows each label's state after the void.
      for (const trackingNumber of unscannedNumbers) {
        const row = page.locator(`[data-testid="batch-label-row"][data-tracking-number="${trackingNumber}"][data-state="voided"]`);
        await row.waitFor();
        await row.getByTestId('label-state').filter({ hasText: 'Voided' }).waitFor();
      }
      for (const trackingNumber of scannedNumbers) {
        await page.locator(`[data-testid="batch-label-row"][data-tracking-number="${trackingNumber}"][data-state="purchased"]`).waitFor();
      }
      await dismissToasts(page);
      await saveScreenshot(page, 'label-lifecycle-batch-voided');
      await waitForShownBalance(page, before + voidedCents);
      expect(await balanceCents(customer)).toBe(before + voidedCents);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows a label voided after the manifest as Refund pending, then Refunded with the price back on the balance',
    async () => {
      // Bought before signing in (beforeAll): the app reads the balance after the purchase.
      const { customer, label, boughtAt } = pastManifest;
      await openSignedIn(page, customer);
      await openOrders(page);
      await refreshUntilListed(page, label.orderId);
      const before = await shownBalance(page);

      // Past the sandbox's manifest the carrier no longer cancels the label: it watches it and refunds it later. The
      // manifest is an instant of the sandbox's contract (purchase + SANDBOX_MANIFEST_AFTER_SECONDS), not a state anything
      // shows, so this waits for that instant: the purchase was made before boughtAt, so a busy machine only waits less.
      await page.waitForTimeout(Math.max(0, MANIFEST_AFTER_MS + 1_000 - (Date.now() - boughtAt)));
      const voided = await voidFromOrders(page, label);
      expect(voided).toMatchObject({ state: 'refund_pending', amount: label.price });
      // The reconciler looks at a new refund request at the earliest one period (5 s) after it: it is pending meanwhile,
      // and the list, refreshed after the void, shows it so (a page slower than that period finds it refunded already).
      const row = orderRow(page, label.orderId);
      await row.and(page.locator('[data-label-state="refund_pending"], [data-label-state="refunded"]')).waitFor();
      if ((await row.getAttribute('data-label-state')) === 'refund_pending') {
        await row.getByTestId('label-state').filter({ hasText: 'Refund pending' }).waitFor();
        await saveScreenshot(page, 'label-lifecycle-refund-pending');
      }
      const pending = await refundSummary(customer);
      // Pending money is not money: the balance has not moved yet (unless the refund settled meanwhile).
      if (pending.pendingCount === 1) {
        expect(pending.pendingCents).toBe(label.price);
        expect(await balanceCents(customer)).toBe(before);
      } else {
        expect(pending).toMatchObject({ pendingCount: 0, refundedCount: 1, refundedCents: label.price });
      }

      // The dashboard's card, if the refund is still pending when it loads (it settles within seconds here).
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await waitForPath(page, '/main/dashboard');
      const totals = page.getByRole('region', { name: 'Account totals' });
      await totals.getByText('Total Spent').waitFor();
      const card = totals.getByText('Refunds pending', { exact: true });
      if (await card.isVisible()) {
        await saveScreenshot(page, 'label-lifecycle-dashboard-refund-pending');
        expect(await totals.textContent()).toContain(usd(label.price));
      }

      // The reconciler settles it (SANDBOX_REFUND_DAYS=0): Refunded, and the price is back.
      await untilRefunds(customer, (summary) => summary.refundedCount === 1);
      await openOrders(page);
      const refunded = row.and(page.locator('[data-label-state="refunded"]'));
      await refreshOrdersUntil(page, refunded);
      await row.getByTestId('label-state').filter({ hasText: 'Refunded' }).waitFor();
      expect(await refundSummary(customer)).toMatchObject({ pendingCount: 0, pendingCents: 0, refundedCount: 1, refundedCents: label.price });
      await dismissToasts(page);
      await saveScreenshot(page, 'label-lifecycle-refunded');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await waitForShownBalance(page, before + label.price);
      expect(await balanceCents(customer)).toBe(before + label.price);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "opens a scanned label's tracking with its status and events newest first, and an unscanned one's with No scans yet",
    async () => {
      const customer = await fundedCustomer(10_000);
      const used = await buyLabelThat(customer, true);
      const unused = await buyLabelThat(customer, false);
      await openSignedIn(page, customer);
      await openOrders(page);

      const usedRow = orderRow(page, used.orderId);
      await usedRow.waitFor();
      await usedRow.locator('[data-testid="tracking-status"][data-tracking-status="in_transit"]').waitFor();
      // A scanned label can be tracked but no longer voided.
      expect(await usedRow.getByRole('button', { name: `Void label ${used.trackingNumber}`, exact: true }).count()).toBe(0);
      await usedRow.getByRole('button', { name: `Track label ${used.trackingNumber}`, exact: true }).click();
      const drawer = page.getByTestId('tracking-drawer');
      await drawer.getByTestId('tracking-heading').filter({ hasText: 'In transit' }).waitFor();
      await drawer.getByText(used.trackingNumber, { exact: true }).waitFor();
      const events = drawer.getByRole('list', { name: 'Tracking events, newest first' }).getByTestId('tracking-event');
      await events.first().waitFor();
      const texts = await events.allTextContents();
      expect(texts.length).toBe(used.tracking.events.length);
      expect(texts[0]).toContain('Accepted at USPS Origin Facility');
      expect(texts.at(-1)).toContain('Shipping Label Created');
      await animationsDone(page);
      await saveScreenshot(page, 'label-lifecycle-tracking-scanned');
      await drawer.getByRole('button', { name: 'Close tracking' }).click();
      await drawer.waitFor({ state: 'hidden' });

      const unusedRow = orderRow(page, unused.orderId);
      await unusedRow.getByRole('button', { name: `Track label ${unused.trackingNumber}`, exact: true }).click();
      await drawer.getByText(unused.trackingNumber, { exact: true }).waitFor();
      await drawer.getByTestId('tracking-no-scans').getByText('No scans yet').waitFor();
      expect(await drawer.getByTestId('tracking-event').count()).toBe(0);
      await animationsDone(page);
      await saveScreenshot(page, 'label-lifecycle-tracking-no-scans');
      await drawer.getByRole('button', { name: 'Close tracking' }).click();
      await drawer.waitFor({ state: 'hidden' });
    },
    FLOW_TIMEOUT_MS,
  );

  it("shows the admin a customer's void in Orders & Labels → Refunds, filtered by its state", async () => {
    const customer = await fundedCustomer(10_000);
    const label = await buyLabelThat(customer, false);
    const voided = voidLabelResponseSchema.parse(okBody(await apiCall(`/api/orders/${label.orderId}/void`, { method: 'POST', token: customer.token }), 'void'));
    expect(voided.state).toBe('voided');

    // The admin's API lists it first (newest first) under its state.
    const admin = await loginThroughApi(adminCredentials());
    const listed = okBody(await apiCall('/api/admin/orders/refunds?state=voided', { token: admin.token }), 'admin refunds');
    expect(isRecord(listed) && Array.isArray(listed['refunds']) && isRecord(listed['refunds'][0]) ? listed['refunds'][0]['trackingNumber'] : null).toBe(label.trackingNumber);

    await openSignedIn(page, adminCredentials(), '/admin/order-label-management');
    await page.getByRole('heading', { level: 1, name: 'Orders & Labels' }).waitFor();
    await page.getByRole('tab', { name: 'Refunds', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'refunds');
    const table = page.getByRole('table', { name: 'Voids and refunds' });
    await table.waitFor();
    await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('voided');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="admin-refund-row"]')];
      return !document.querySelector('[aria-busy="true"]') && rows.length > 0 && rows.every((row) => row.getAttribute('data-state') === 'voided');
    });
    const row = table.getByTestId('admin-refund-row').filter({ hasText: label.trackingNumber });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(customer.email);
    expect(text).toContain(usd(label.price));
    expect(text).toContain('Voided');
    expect(text).toContain('Customer');
    await saveScreenshot(page, 'label-lifecycle-admin-refunds');
  }, FLOW_TIMEOUT_MS);
});
