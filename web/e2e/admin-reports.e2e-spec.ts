import { servicesResponseSchema } from '@labeldesk/contracts';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { loginThroughApi, openSignedIn } from './support/accounts';
import { animationsDone, saveScreenshot, useBrowserPage } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor, type FundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';

const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Reports', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

/**
 * This customer's USPS Priority Mail priced at the carrier's cost plus a fixed markup: each label's margin is exactly the
 * markup whatever the carrier charges, and a markup of hundreds of dollars puts the customer at the top of any system.
 */
const priceAtCostPlus = async (customer: FundedCustomer, markupCents: number): Promise<void> => {
  await serviceNameFor(customer);
  const services = servicesResponseSchema.parse((await apiCall(`/api/userServices/${customer.userId}`, { token: customer.token })).body);
  const priority = services.find((service) => service.uid === 'usps_priority');
  if (!priority) throw new Error('the customer has no USPS Priority Mail');
  const admin = await loginThroughApi(adminCredentials());
  const priced = await apiCall(`/api/userServices/${customer.userId}/${priority._id}/pricing`, { method: 'PUT', token: admin.token, body: { pricingMode: 'cost_markup', markupPercent: 0, markupCents } });
  if (priced.status !== 200) throw new Error(`pricing answered ${priced.status}`);
};

/** Buys one label as the customer through the API; answers what it was charged, in cents. */
const buyLabel = async (customer: FundedCustomer): Promise<number> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `reports-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(ORDER),
  });
  const body = (await response.json()) as { data?: { orderId?: string } };
  if (response.status !== 200 || !body.data?.orderId) throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  const admin = await loginThroughApi(adminCredentials());
  const detail = await apiCall(`/api/admin/orders/single/${body.data.orderId}`, { token: admin.token });
  return Number((detail.body as { order: { priceCents: number } }).order.priceCents);
};

const usd = (cents: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A row's cells by column key (`data-column`), as the table shows them. */
const cellsOf = async (row: Locator): Promise<Record<string, string>> =>
  Object.fromEntries(await row.locator('[data-column]').evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-column') ?? '', cell.textContent ?? ''])));

const reportCard = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

describe("The admin's reports", () => {
  const currentPage = useBrowserPage();

  it('shows two customers\' labels in the revenue, carrier cost and margin tables, the top customers in order, and downloads their CSV', async () => {
    const page = currentPage();
    const [ann, bob] = [await fundedCustomer(400_000), await fundedCustomer(200_000)];
    await priceAtCostPlus(ann, 90_000);
    await priceAtCostPlus(bob, 50_000);
    // The UTC days the labels were bought on: one, or two when the purchases straddle midnight.
    const dayShown = (at: number) => new Date(at).toISOString().slice(0, 10).split('-').reverse().join('-');
    const firstDay = dayShown(Date.now());
    const annPaid = (await buyLabel(ann)) + (await buyLabel(ann));
    const bobPaid = await buyLabel(bob);
    const boughtDays = [...new Set([firstDay, dayShown(Date.now())])];

    await openSignedIn(page, adminCredentials(), '/admin/dashboard');
    const customers = reportCard(page, 'Top customers');
    const rows = customers.locator('tbody tr');
    await rows.filter({ hasText: ann.name }).waitFor();
    // Among the biggest spenders of any system (a run before this one may have left bigger ones), in order of what
    // they paid; each label's margin is exactly its markup.
    const names = await rows.locator('th').allTextContents();
    expect(names.indexOf(ann.name)).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(bob.name)).toBeGreaterThan(names.indexOf(ann.name));
    expect(await cellsOf(rows.filter({ hasText: ann.name }))).toMatchObject({ email: ann.email, labels: '2', revenueCents: usd(annPaid), costCents: usd(annPaid - 180_000), marginCents: usd(180_000) });
    expect(await cellsOf(rows.filter({ hasText: bob.name }))).toMatchObject({ email: bob.email, labels: '1', revenueCents: usd(bobPaid), costCents: usd(bobPaid - 50_000), marginCents: usd(50_000) });

    // The rows of the days they were bought on and the carrier's hold at least these labels, and both tables end with
    // the same totals. (The page's span ends on the day it was read: a page read just after midnight still shows them.)
    const byDay = reportCard(page, 'By day');
    // A number as a cell shows it, as a table cell ('3', '$1,234.00') or as a card on a narrow table ('Labels 3').
    const dollars = (text: string | undefined) => Number((text ?? '').replace(/[^\d.-]/g, '') || 0);
    const dayCells = await Promise.all(boughtDays.map((day) => cellsOf(byDay.locator('tbody tr').filter({ hasText: day }))));
    expect(dayCells.reduce((sum, cells) => sum + dollars(cells['labels']), 0)).toBeGreaterThanOrEqual(3);
    expect(dayCells.reduce((sum, cells) => sum + dollars(cells['marginCents']), 0)).toBeGreaterThanOrEqual(2_300);
    const byCarrier = reportCard(page, 'By carrier');
    await byCarrier.locator('tbody tr').filter({ hasText: 'USPS via Sandbox' }).waitFor();
    expect(await cellsOf(byCarrier.locator('tfoot tr'))).toEqual(await cellsOf(byDay.locator('tfoot tr')));

    const [download] = await Promise.all([page.waitForEvent('download'), customers.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(csv[0]).toBe('Customer,Email,Labels,Revenue (USD),Carrier cost (USD),Margin (USD)');
    const csvRow = (name: string) => csv.find((line) => line.startsWith(`${name},`))?.split(',').slice(0, 6);
    expect(csv.findIndex((line) => line.startsWith(`${bob.name},`))).toBeGreaterThan(csv.findIndex((line) => line.startsWith(`${ann.name},`)));
    expect(csvRow(ann.name)).toEqual([ann.name, ann.email, '2', (annPaid / 100).toFixed(2), ((annPaid - 180_000) / 100).toFixed(2), '1800.00']);
    expect(csvRow(bob.name)).toEqual([bob.name, bob.email, '1', (bobPaid / 100).toFixed(2), ((bobPaid - 50_000) / 100).toFixed(2), '500.00']);

    // Another span is read and drawn the same way.
    await page.getByRole('radiogroup', { name: 'Report span' }).getByText('7 days', { exact: true }).click();
    // The 30 days stay on screen until the 7 are read.
    await byDay.locator('tbody tr').nth(7).waitFor({ state: 'detached' });
    expect(await byDay.locator('tbody tr').count()).toBe(7);

    // Each width looked at, then judged: the tables fit (cards on a phone) and axe finds nothing serious.
    const problems: string[] = [];
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await customers.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await saveScreenshot(page, `admin-reports-${width}`, false);
      problems.push(...(await tableLayoutProblems(page)).map((problem) => `${width}: ${problem}`));
      problems.push(...(await seriousAxeViolations(page)).map((problem) => `${width}: ${problem}`));
    }
    expect(problems).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);
});
