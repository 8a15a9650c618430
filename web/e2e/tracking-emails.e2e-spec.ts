import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { animationsDone, dismissToasts, launchBrowser, newDesktopContext, saveScreenshot, useBrowserPage } from './support/browser';
import { fundedCustomer, type FundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';
import { openMailbox, type Mailbox } from './support/mailbox';
import { fillSingleOrder } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';

/** The system sends mail to E2E_SMTP_PORT on this machine (SMTP_URL), with links on E2E_BASE_URL (PUBLIC_URL). */
const SMTP_PORT = Number(process.env['E2E_SMTP_PORT'] ?? '2525');
const STORE = 'Harbor Candle Co.';
const SUBJECT = '{store} shipped your order: {tracking_number}';
const NON_ZERO_PRICE = /\$(?!0\.00)\d[\d,]*\.\d{2}/;
const FLOW_TIMEOUT_MS = 180_000;
/** Due mails are looked for every 5 s; a cold system on two busy cores may take a few rounds. */
const MAIL_WAIT_MS = 45_000;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inbox = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The same screen at a wide desktop, a small laptop and a phone, `subject` scrolled into view at each. */
const shootAtThreeWidths = async (page: Page, name: string, subject: Locator): Promise<void> => {
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await subject.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await saveScreenshot(page, `${name}-${width}`, false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

/** Waits for the `seen`-th mail (0-based) to `address`, longer than the mailbox's own wait. */
const mailTo = async (mail: Mailbox, address: string, seen: number) => {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    try {
      return await mail.waitForMail(address, seen);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
};

/** Buys a label through the API the Order Label page uses, to a receiver with this e-mail. */
const buyTo = async (seller: FundedCustomer, email: string): Promise<void> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: seller.token, 'idempotency-key': `mails-${Date.now()}-${Math.random()}` },
    body: JSON.stringify({
      service_name: 'USPS Priority Mail',
      sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
      receiver: { receiver_name: 'Rita Buyer', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118', receiver_email: email },
      package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
    }),
  });
  if (response.status !== 200) throw new Error(`label not bought: ${response.status} ${await response.text()}`);
};

/** The Account page's section: switched on, a sender name, the purchase subject edited (a typo refused first). */
const switchOn = async (page: Page): Promise<Locator> => {
  const section = page.getByRole('region', { name: 'Tracking e-mails' });
  await section.getByText('E-mail receivers when a label is bought and when it is delivered').click();
  await section.getByRole('textbox', { name: 'Sender name' }).fill(STORE);
  const purchased = section.getByTestId('tracking-email-purchased');
  const subject = purchased.getByRole('textbox', { name: 'Subject' });
  await subject.fill('{store} shipped order {order_id}');
  await subject.blur();
  await purchased.getByText('Unknown placeholder {order_id}: use {store}, {courier}, {tracking_number}, {tracking_link}').waitFor();
  await subject.fill(SUBJECT);
  await section.getByTestId('tracking-email-preview-purchased').getByText(`${STORE} shipped your order: 9400100000000000000000`).waitFor();
  return section;
};

/** The Order Label page, a receiver with an e-mail: answers the tracking number bought. */
const orderLabelTo = async (page: Page, email: string): Promise<string> => {
  await page.goto(appUrl('/main/order-label'));
  await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
  await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
  await fillSingleOrder(page, '2');
  const to = page.getByRole('region', { name: 'To Address' });
  await to.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: NON_ZERO_PRICE }).waitFor();
  await shootAtThreeWidths(page, 'tracking-emails-order-form', to.getByRole('textbox', { name: 'Email', exact: true }));
  await page.getByRole('button', { name: 'Order Label', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
  await created.waitFor({ timeout: 45_000 });
  const trackingNumber = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
  await created.getByRole('button', { name: 'Create another', exact: true }).click();
  return trackingNumber;
};

describe('Tracking e-mails to receivers', () => {
  const currentPage = useBrowserPage();
  let mail: Mailbox;

  beforeAll(async () => {
    mail = await openMailbox(SMTP_PORT);
  });

  afterAll(async () => {
    await mail?.close();
  });

  it(
    "lets the seller switch them on and edit the text (axe clean); a label bought to a receiver's e-mail mails the tracking link, which opens the public page; the receiver unsubscribes and gets no more",
    async () => {
      const page = currentPage();
      const seller = await fundedCustomer(10_000);
      await openSignedIn(page, seller, '/main/account');
      const section = await switchOn(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtThreeWidths(page, 'tracking-emails-settings', section);
      await section.getByRole('button', { name: 'Save tracking e-mails', exact: true }).click();
      await page.getByText('Tracking e-mails are on').waitFor();
      await dismissToasts(page);

      const rita = inbox('rita');
      const trackingNumber = await orderLabelTo(page, rita);
      // The seller sees where the mails go on the order's row.
      await page.goto(appUrl('/main/orders'));
      const shownEmail = page.getByTestId('order-receiver-email').filter({ hasText: rita });
      await shownEmail.waitFor();
      await shootAtThreeWidths(page, 'tracking-emails-orders-row', shownEmail);
      const message = await mailTo(mail, rita, 0);
      expect(message.subject).toBe(`${STORE} shipped your order: ${trackingNumber}`);
      const link = new RegExp(`${escaped(appUrl('/t/'))}[A-Za-z0-9_-]{32}`).exec(message.text)?.[0];
      const unsubscribe = new RegExp(`${escaped(appUrl('/unsubscribe/'))}[0-9a-f]{64}`).exec(message.text)?.[0];
      expect([link, unsubscribe]).toEqual([expect.any(String), expect.any(String)]);

      // The receiver: another browser, no session.
      const browser = await launchBrowser();
      try {
        const context = await newDesktopContext(browser);
        const receiver = await context.newPage();
        await receiver.goto(link ?? '');
        await receiver.getByTestId('tracking-number').filter({ hasText: trackingNumber }).waitFor();
        expect((await receiver.locator('main').textContent()) ?? '').not.toContain(rita);

        await receiver.goto(unsubscribe ?? '');
        const question = receiver.getByRole('heading', { level: 1, name: `Stop tracking e-mails from ${STORE}?` });
        await question.waitFor();
        await receiver.getByText(/r•••@example\.com/).waitFor();
        expect(await seriousAxeViolations(receiver)).toEqual([]);
        await shootAtThreeWidths(receiver, 'tracking-emails-unsubscribe', question);
        await receiver.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
        await receiver.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
        expect(await seriousAxeViolations(receiver)).toEqual([]);
        await shootAtThreeWidths(receiver, 'tracking-emails-unsubscribed', receiver.getByTestId('unsubscribed'));
        await context.close();
      } finally {
        await browser.close();
      }

      // A later label to the same address is not mailed; one to another address is (so the sweep has run since).
      await buyTo(seller, rita);
      const witness = inbox('witness');
      await buyTo(seller, witness);
      await mailTo(mail, witness, 0);
      expect(mail.count(rita)).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it('answers an unsubscribe link nobody made with a not-found page, without sign-in', async () => {
    const page = currentPage();
    await page.goto(appUrl(`/unsubscribe/${'0'.repeat(64)}`));
    await page.getByRole('heading', { level: 1, name: 'Link not found' }).waitFor();
    await page.getByText('This unsubscribe link does not exist.').waitFor();
  });
});
