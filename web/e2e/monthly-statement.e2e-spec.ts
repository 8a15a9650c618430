import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatUsd } from '@labeldesk/contracts';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { animationsDone, saveDownload, saveScreenshot, useBrowserPage } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor, type FundedCustomer } from './support/bulk-api';
import { adminCredentials, appUrl } from './support/env';
import { seriousAxeViolations, tableLayoutProblems } from './support/page-checks';

/** The text a person sees in the PDF, as poppler's pdftotext reads it (columns of a line kept on the line). */
const pdfText = (bytes: Uint8Array): string => {
  const dir = mkdtempSync(join(tmpdir(), 'statement-'));
  const path = join(dir, 'statement.pdf');
  writeFileSync(path, bytes);
  try {
    const result = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    if (result.error || result.status !== 0) throw new Error(`pdftotext could not read the statement: ${result.error?.message ?? result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The amounts printed on the line that says `what`. */
const amountsOn = (text: string, what: string | RegExp): string[] => {
  const line = text.split('\n').find((l) => (typeof what === 'string' ? l.includes(what) : what.test(l)));
  if (!line) throw new Error(`the statement has no line with ${String(what)}:\n${text}`);
  return [...line.matchAll(/[+-]?\$[\d,]+\.\d\d/g)].map((m) => m[0]);
};

const thisMonth = (): string => new Date().toISOString().slice(0, 7);

const balanceOf = async (customer: FundedCustomer): Promise<number> => {
  const answer = await apiCall('/api/auth/api/balance', { token: customer.token });
  return Number((answer.body as { balance?: number }).balance);
};

const waitForBalance = async (customer: FundedCustomer, cents: number): Promise<void> => {
  const deadline = Date.now() + 90_000;
  while ((await balanceOf(customer)) !== cents) {
    if (Date.now() > deadline) throw new Error(`the balance never reached ${formatUsd(cents)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};

/** Buys a label through the API the Order Label page uses; answers its order id and tracking number. */
/** Labels bought at most while looking for one the sandbox lets be voided (each is scanned or not by its number). */
const MAX_PURCHASES = 12;

const buyLabel = async (customer: FundedCustomer, serviceName: string): Promise<{ orderId: string; trackingNumber: string }> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `statement-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify({
      service_name: serviceName,
      sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
      receiver: { receiver_name: 'Sam Statement', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
      package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    }),
  });
  const body = (await response.json()) as { data?: { orderId?: string; trackingNumber?: string } };
  if (response.status !== 200 || !body.data?.orderId || !body.data.trackingNumber) throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return { orderId: body.data.orderId, trackingNumber: body.data.trackingNumber };
};

/** Pays a top-up through the Deposit page's test invoice, as a customer does. */
const topUpThroughPage = async (page: Page, dollars: string): Promise<void> => {
  await page.getByRole('textbox', { name: 'Amount (USD)', exact: true }).fill(dollars);
  await page.getByRole('button', { name: 'Pay with BTCPay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Test invoice' });
  await dialog.getByRole('button', { name: 'Mark as paid', exact: true }).click();
  await dialog.getByText('Payment settled', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
};

/** What the window shows at 1440, 1024 and 390 px with `subject` in view, each checked by axe and for sideways scrolling. */
const lookAtWidths = async (page: Page, name: string, subject: Locator): Promise<void> => {
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await subject.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await saveScreenshot(page, `${name}-${width}`, false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await tableLayoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

const downloadStatement = async (page: Page, within: Locator): Promise<{ name: string; text: string }> => {
  const [download] = await Promise.all([page.waitForEvent('download'), within.getByRole('button', { name: 'Download PDF', exact: true }).click()]);
  const path = await download.path();
  if (!path) throw new Error('the statement was not saved');
  const bytes = readFileSync(path);
  saveDownload(download.suggestedFilename(), bytes);
  return { name: download.suggestedFilename(), text: pdfText(bytes) };
};

describe('Monthly statement', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it("prints the month's opening, the top-up, each label, the void's refund and a closing that is the balance, from the Deposit page", async () => {
    const customer = await fundedCustomer(10_000);
    const serviceName = await serviceNameFor(customer);
    await openSignedIn(page, customer, '/main/deposit');
    await page.getByRole('heading', { level: 1, name: 'Deposit' }).waitFor();
    await topUpThroughPage(page, '25');
    await waitForBalance(customer, 12_500);

    // The sandbox scans about half its labels at once (a coin flip of each number), and a scanned label cannot be
    // voided: labels are bought one at a time, each offered a void at once, until one is let go.
    const labels: Array<Awaited<ReturnType<typeof buyLabel>>> = [];
    let labelCents = 0;
    let voided: (typeof labels)[number] | undefined;
    while (!voided && labels.length < MAX_PURCHASES) {
      const label = await buyLabel(customer, serviceName);
      labels.push(label);
      if (labels.length === 1) labelCents = 12_500 - (await balanceOf(customer));
      if ((await apiCall(`/api/orders/${label.orderId}/void`, { method: 'POST', token: customer.token })).status === 200) voided = label;
    }
    if (!voided) throw new Error(`the sandbox let none of ${MAX_PURCHASES} labels be voided: is SANDBOX_TRACKING_SHARE set on the system?`);
    const afterLabels = 12_500 - labels.length * labelCents;
    await waitForBalance(customer, afterLabels + labelCents);
    const closing = afterLabels + labelCents;

    const card = page.getByRole('region', { name: 'Monthly statement' });
    await card.waitFor();
    const month = card.getByRole('combobox', { name: 'Month (UTC)' });
    expect(await month.inputValue()).toBe(thisMonth());
    await lookAtWidths(page, 'monthly-statement-deposit', card);

    const { name, text } = await downloadStatement(page, card);
    expect(name).toBe(`Statement_${thisMonth()}.pdf`);
    expect(text).toContain(customer.email);
    expect(text).toContain(customer.userId);
    expect(amountsOn(text, /^\s*Opening balance\s+\$0\.00\s*$/)).toEqual(['$0.00']);
    expect(amountsOn(text, 'Balance adjusted by LabelDesk')).toEqual(['+$100.00', '$100.00']);
    expect(amountsOn(text, 'Top-up (test money, invoice')).toEqual(['+$25.00', '$125.00']);
    let balance = 12_500;
    for (const label of labels) {
      balance -= labelCents;
      expect(amountsOn(text, `Label ${label.trackingNumber} `)).toEqual([formatUsd(-labelCents), formatUsd(balance)]);
    }
    expect(amountsOn(text, `Refund of label ${voided.trackingNumber}`)).toEqual([`+${formatUsd(labelCents)}`, formatUsd(closing)]);
    expect(amountsOn(text, `Labels bought (${labels.length})`)).toEqual([formatUsd(-labels.length * labelCents)]);
    expect(text.split('\n').filter((l) => l.includes('Closing balance')).map((l) => amountsOn(l, 'Closing balance'))).toEqual([[formatUsd(closing)], [formatUsd(closing)]]);
    expect(text).toContain('Page 1 of 1');
  });

  it("lets an admin download a customer's statement from User Management", async () => {
    const customer = await fundedCustomer(4_321);
    await openSignedIn(page, adminCredentials(), '/admin/user-management');
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    await row.waitFor();
    await lookAtWidths(page, 'monthly-statement-admin-row', row);
    await row.getByRole('button', { name: `Monthly statement of ${customer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Monthly statement' });
    await dialog.waitFor();
    await animationsDone(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'monthly-statement-admin-dialog', false);

    const { name, text } = await downloadStatement(page, dialog);
    expect(name).toBe(`Statement_${thisMonth()}.pdf`);
    expect(text).toContain(customer.email);
    expect(amountsOn(text, 'Balance adjusted by LabelDesk')).toEqual(['+$43.21', '$43.21']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
