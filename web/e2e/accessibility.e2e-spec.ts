import type { Browser, Page } from 'playwright-core';
import { createdReturnSchema, issuedReturnLinkSchema } from '@labeldesk/contracts';
import { loginThroughApi, newCustomer, openSignedIn } from './support/accounts';
import { animationsDone, launchBrowser, saveScreenshot } from './support/browser';
import { apiCall, bulkRows, fundedCustomer, serviceNameFor, startBatch, waitForFinalBatch } from './support/bulk-api';
import type { FundedCustomer } from './support/bulk-api';
import { bulkCsv, saveSenderAddress, saveSkus, uploadBulkFile, validCsvRow } from './support/bulk-orders';
import { adminCredentials, appUrl } from './support/env';
import type { Credentials } from './support/env';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';
import { animationFrames } from './support/page-state';

// Every screen, signed in or not, is checked by axe-core (WCAG 2.0/2.1 A and AA) at a desktop and a phone width, and
// every table page at three widths must fit the window with each row's controls in view (issue 26). CI runs the whole
// sweep once, in the browser run the file falls to (decision 114); E2E_A11Y_GROUPS narrows a developer's run.

const FLOW_TIMEOUT_MS = 300_000;
const AXE_WIDTHS = [1440, 390] as const;
const WIDTHS = [1440, 1024, 390] as const;

const WHO = ['public', 'customer', 'admin'] as const;
type Who = (typeof WHO)[number];

/**
 * The groups of screens this run sweeps (E2E_A11Y_GROUPS, e.g. "customer" or "public,admin"; all when unset, as in
 * CI); a run asked for no known group fails rather than passing with nothing checked.
 */
const sweptGroups = (): readonly Who[] => {
  const asked = process.env['E2E_A11Y_GROUPS'];
  if (asked === undefined || asked.trim() === '') return WHO;
  const groups = asked.split(',').map((group) => group.trim());
  const unknown = groups.filter((group) => !(WHO as readonly string[]).includes(group));
  if (unknown.length > 0 || groups.length === 0) throw new Error(`E2E_A11Y_GROUPS names unknown groups: ${unknown.join(', ')} (known: ${WHO.join(', ')})`);
  return WHO.filter((who) => groups.includes(who));
};

interface Screen {
  name: string;
  path: (seed: Seed) => string;
  /** Something that is on the screen once its data has loaded. */
  ready: (page: Page) => Promise<void>;
  /** A table page: checked for sideways scrolling and controls out of view at every width. */
  hasTable?: boolean;
  /** Work done on the screen before it is checked (e.g. a file uploaded into the bulk table). */
  prepare?: (page: Page, seed: Seed) => Promise<void>;
}

interface Seed {
  customer: FundedCustomer;
  batchId: string;
  /** A live link to a return label of one of the customer's orders (decision 101). */
  returnToken: string;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).first().waitFor({ timeout: 20_000 });
};
const rowsOf = (tableName: string, heading1: string | RegExp) => async (page: Page) => {
  await heading(heading1)(page);
  await page.getByRole('table', { name: tableName }).getByRole('row').nth(1).waitFor({ timeout: 20_000 });
};

const SCREENS: Record<Who, Screen[]> = {
  public: [
    { name: 'landing', path: () => '/', ready: async (page) => page.locator('main').first().waitFor() },
    { name: 'login', path: () => '/login', ready: async (page) => page.getByLabel('Email', { exact: true }).waitFor() },
    { name: 'register', path: () => '/register', ready: async (page) => page.getByLabel('Confirm Password', { exact: true }).waitFor() },
    { name: 'forgot-password', path: () => '/forgot-password', ready: async (page) => page.getByLabel('Email', { exact: true }).first().waitFor() },
    { name: 'reset-password', path: () => '/reset-password?token=not-a-real-token', ready: async (page) => page.locator('main, form').first().waitFor() },
    { name: 'not-found', path: () => '/no-such-page', ready: heading(/./) },
    { name: 'return-label', path: (seed) => `/r/${seed.returnToken}`, ready: heading('Ann Sender') },
    { name: 'return-link-not-found', path: () => `/r/${'x'.repeat(43)}`, ready: heading('Return link not found') },
  ],
  customer: [
    { name: 'dashboard', path: () => '/main/dashboard', ready: heading(/./) },
    { name: 'order-label', path: () => '/main/order-label', ready: heading('Order Label') },
    {
      // A receiver abroad (decision 098): Canada's province select and the Customs section.
      name: 'order-label-abroad',
      path: () => '/main/order-label',
      ready: heading('Order Label'),
      prepare: async (page) => {
        await page.getByRole('region', { name: 'To Address' }).getByRole('combobox', { name: 'Country', exact: true }).selectOption('CA');
        await page.getByRole('region', { name: 'Customs' }).waitFor();
      },
    },
    {
      name: 'bulk-order',
      path: () => '/main/bulk-order',
      ready: heading('Bulk Order'),
      hasTable: true,
      prepare: async (page) => {
        await uploadBulkFile(page, 'orders.csv', bulkCsv([1, 2, 3].map((n) => validCsvRow(n))));
        await page.locator('tr[data-testid="bulk-row"]').first().waitFor({ timeout: 20_000 });
      },
    },
    { name: 'orders', path: () => '/main/orders', ready: async (page) => page.locator('[data-testid="order-row"]').first().waitFor({ timeout: 20_000 }), hasTable: true },
    { name: 'batch-orders', path: () => '/main/batch-orders', ready: heading(/batch/i), hasTable: true },
    { name: 'batch-labels', path: (seed) => `/main/batch-orders/${seed.batchId}`, ready: heading(/./), hasTable: true },
    { name: 'deposit', path: () => '/main/deposit', ready: async (page) => page.getByTestId('deposit-row').first().waitFor({ timeout: 20_000 }), hasTable: true },
    { name: 'address', path: () => '/main/address', ready: rowsOf('Saved addresses', /./), hasTable: true },
    { name: 'sku', path: () => '/main/sku', ready: rowsOf('SKU data', /./), hasTable: true },
    { name: 'account', path: () => '/main/account', ready: heading(/./) },
    { name: 'claims', path: () => '/main/claims', ready: heading('Claims') },
    { name: 'stores', path: () => '/main/stores', ready: heading('Stores') },
    {
      // Test mode (decision 119): its banner, the buy buttons disabled with their reason, and the empty test list. Last:
      // the switch is remembered in this browser, and the screens above are checked live.
      name: 'orders-test-mode',
      path: () => '/main/orders',
      ready: heading('Orders'),
      prepare: async (page) => {
        await page.getByTestId('test-mode-switch').click();
        await page.getByText('No test labels yet', { exact: true }).waitFor({ timeout: 20_000 });
      },
    },
  ],
  admin: [
    { name: 'admin-dashboard', path: () => '/admin/dashboard', ready: heading(/./) },
    { name: 'users', path: () => '/admin/user-management', ready: async (page) => page.locator('[data-testid="user-row"]').first().waitFor({ timeout: 20_000 }), hasTable: true },
    { name: 'default-services', path: () => '/admin/default-services', ready: heading(/./), hasTable: true },
    {
      name: 'referrals',
      path: () => '/admin/referral-management',
      ready: heading('Referral Management'),
      hasTable: true,
      prepare: async (page, seed) => {
        await page.getByRole('combobox', { name: 'Select User' }).selectOption({ label: `${seed.customer.name} (${seed.customer.email})` });
        await page.getByRole('table', { name: /invited/i }).getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      },
    },
    { name: 'audit-log', path: () => '/admin/audit-log', ready: heading(/./), hasTable: true },
    { name: 'orders-and-labels', path: () => '/admin/order-label-management', ready: heading(/./), hasTable: true },
    { name: 'refunds', path: () => '/admin/order-label-management?view=refunds', ready: heading(/./), hasTable: true },
    // The Invite page is for admins and friends (spec); a plain user has no link to it.
    { name: 'invite', path: () => '/main/invite', ready: heading(/./), hasTable: true },
  ],
};

/**
 * Waits for loading placeholders and refetches to end and for finite animations (a card fading in) to finish: axe
 * measures colour contrast on what is painted, and a half-faded element fails it for no lasting reason.
 */
const settled = async (page: Page): Promise<void> => {
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"], .chakra-skeleton') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined); // a screen that keeps something busy is still checked, as it is
  await animationsDone(page);
  // Late layout: the fonts loaded, then a measured table switched to cards, painted.
  await page.evaluate(() => document.fonts.ready);
  await animationFrames(page);
};

const SINGLE_ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Tables', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

const buyLabel = async (customer: FundedCustomer): Promise<string> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `tables-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(SINGLE_ORDER),
  });
  const body = (await response.json()) as { data?: { orderId?: unknown } };
  const orderId = body.data?.orderId;
  if (response.status !== 200 || typeof orderId !== 'string') throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return orderId;
};

/** A return label of the order and a live link to it: its token. */
const returnLinkOf = async (customer: FundedCustomer, orderId: string): Promise<string> => {
  const made = await apiCall(`/api/orders/${orderId}/return`, { method: 'POST', token: customer.token, body: {} });
  if (made.status !== 200) throw new Error(`return label answered ${made.status}`);
  const link = await apiCall(`/api/returns/${createdReturnSchema.parse(made.body).returnLabel.id}/link`, { method: 'POST', token: customer.token });
  if (link.status !== 200) throw new Error(`return link answered ${link.status}`);
  return issuedReturnLinkSchema.parse(link.body).token;
};

/**
 * A customer with something in every table: labels (one voided, for the admin's refunds; one with a return label), a batch, an address, SKUs,
 * an open top-up invoice, and someone who signed up with their referral code.
 */
const seedCustomer = async (): Promise<Seed> => {
  const customer = await fundedCustomer(500_00);
  const service = await serviceNameFor(customer);
  await saveSenderAddress(customer);
  await saveSkus(customer, [
    { sku: 'MUG-1', maxQty: 4, weight: 1, length: 8, width: 6, height: 6, description: 'Ceramic mug' },
    { sku: 'TEE-2', maxQty: 10, weight: 0.5, length: 10, width: 8, height: 2, description: 'Cotton tee' },
  ]);
  const voided = await buyLabel(customer);
  const kept = await buyLabel(customer);
  const returnToken = await returnLinkOf(customer, kept);
  await apiCall(`/api/orders/${voided}/void`, { method: 'POST', token: customer.token });
  const batchId = await startBatch(customer, bulkRows(3, service));
  await waitForFinalBatch(customer, batchId);
  const invoice = await apiCall(`/api/payment/top-up/${customer.userId}?amount=2500`, { token: customer.token });
  if (invoice.status !== 200) throw new Error(`top-up answered ${invoice.status}`);
  const { user } = await loginThroughApi(customer);
  const invitee = newCustomer();
  const invited = await apiCall('/api/auth/register', {
    method: 'POST',
    body: { ...invitee, confirmPassword: invitee.password, referralCode: user.referralCode },
  });
  if (invited.status !== 201 && invited.status !== 200) throw new Error(`registering the invitee answered ${invited.status}`);
  return { customer, batchId, returnToken };
};

describe('Accessibility and table layout of every screen', () => {
  let browser: Browser;
  let seed: Seed;

  beforeAll(async () => {
    browser = await launchBrowser();
    seed = await seedCustomer();
  }, FLOW_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  const credentialsOf = (who: Who): Credentials | undefined => (who === 'customer' ? seed.customer : who === 'admin' ? adminCredentials() : undefined);

  const check = async (who: Who, width: number): Promise<string[]> => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      const credentials = credentialsOf(who);
      const runAxe = (AXE_WIDTHS as readonly number[]).includes(width);
      const screens = SCREENS[who].filter((screen) => screen.hasTable || runAxe);
      for (const [index, screen] of screens.entries()) {
        // The first screen is opened signed in (the sign-in form is checked among the public screens).
        if (credentials && index === 0) await openSignedIn(page, credentials, screen.path(seed));
        else await page.goto(appUrl(screen.path(seed)));
        await screen.ready(page);
        await screen.prepare?.(page, seed);
        await settled(page);
        const where = `${screen.name} @ ${width}px`;
        if (runAxe) problems.push(...(await seriousAxeViolations(page)).map((line) => `${where}: ${line}`));
        if (screen.hasTable) {
          problems.push(...(await tableLayoutProblems(page)).map((line) => `${where}: ${line}`));
          await saveScreenshot(page, `tables-${screen.name}-${width}`);
        }
      }
    } finally {
      await context.close();
    }
    return problems;
  };

  for (const who of sweptGroups()) {
    for (const width of WIDTHS) {
      if (who === 'public' && width === 1024) continue;
      it(
        `${who} screens at ${width} px have no serious or critical axe violations and tables that fit with their controls in view`,
        async () => {
          expect(await check(who, width)).toEqual([]);
        },
        FLOW_TIMEOUT_MS,
      );
    }
  }
});
