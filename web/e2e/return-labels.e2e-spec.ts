import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { dismissToasts, launchBrowser, newDesktopContext, useBrowserPage } from './support/browser';
import { fundedCustomer, type FundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

// The seller's ship-from company is the name the buyer's page tells them to send the parcel back to.
const SELLER = 'Harbor Candle Co.';
const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_company: SELLER, sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Buyer', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};
const FLOW_TIMEOUT_MS = 150_000;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface BoughtLabel {
  orderId: string;
  trackingNumber: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A USPS label bought through the API the Order Label page uses. */
const buyLabel = async (customer: FundedCustomer): Promise<BoughtLabel> => {
  const response = await fetch(appUrl('/api/orders/v2'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `return-labels-${Date.now()}-${Math.random()}` },
    body: JSON.stringify(ORDER),
  });
  const body: unknown = await response.json();
  const data = isRecord(body) && isRecord(body['data']) ? body['data'] : undefined;
  const orderId = data?.['orderId'];
  const trackingNumber = data?.['trackingNumber'];
  if (response.status !== 200 || typeof orderId !== 'string' || typeof trackingNumber !== 'string') throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
  return { orderId, trackingNumber };
};

const rowOf = (page: Page, label: BoughtLabel) => page.locator(`[data-testid="order-row"][data-order-id="${label.orderId}"]`);

describe('Return labels', () => {
  const currentPage = useBrowserPage();

  it(
    "lets the seller make an order's return label from its row, told before buying that it is paid on use (axe clean), copy its link, and a browser without any session opens the label with the steps (axe clean); turned off, the link says so; ticked orders get theirs together",
    async () => {
      const page = currentPage();
      const seller = await fundedCustomer(10_000);
      const label = await buyLabel(seller);

      await openSignedIn(page, seller, '/main/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await rowOf(page, label).getByRole('button', { name: `Return label for ${label.trackingNumber}`, exact: true }).click();
      const drawer = page.getByTestId('return-drawer');
      const quote = drawer.getByTestId('return-quote');
      await quote.waitFor();
      expect(await quote.getAttribute('data-payment')).toBe('on_use');
      expect(await drawer.getByTestId('return-payment-text').textContent()).toMatch(/^Pay on use: \$\d+\.\d{2} is charged only if your buyer ships it \(at the carrier's first scan\); nothing if the label is never used\.$/);
      // Decision 123: the return is bought from the carrier that sold the label, and the quote says so.
      expect(await drawer.getByTestId('return-sold-by').textContent()).toBe('Bought from Sandbox, as your label was.');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'return-labels-quote', drawer);

      await drawer.getByRole('button', { name: 'Make return label', exact: true }).click();
      const card = drawer.getByTestId('return-card');
      await card.waitFor();
      expect(await card.getAttribute('data-state')).toBe('awaiting_scan');
      await card.getByText('Not used yet · pay on use').waitFor();
      await dismissToasts(page);
      await card.getByRole('button', { name: 'Copy link for your buyer' }).click();
      const linkBox = card.getByTestId('return-link-url');
      await linkBox.waitFor();
      const link = await linkBox.inputValue();
      expect(link).toMatch(new RegExp(`^${escaped(appUrl('/r/'))}[A-Za-z0-9_-]{43}$`));
      await page.getByText('Return link copied').waitFor();
      await dismissToasts(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'return-labels-drawer', drawer);

      // The buyer: another browser, no session, no storage.
      const browser = await launchBrowser();
      try {
        const buyerContext = await newDesktopContext(browser);
        const buyer = await buyerContext.newPage();
        await buyer.goto(link);
        await buyer.getByTestId('return-seller').filter({ hasText: SELLER }).waitFor();
        const returnNumber = (await buyer.getByTestId('return-tracking-number').textContent()) ?? '';
        expect(returnNumber).toMatch(/^\d{22}$/);
        expect(returnNumber).not.toBe(label.trackingNumber);
        await buyer.getByRole('heading', { name: 'How to send it back' }).waitFor();
        const href = await buyer.getByTestId('return-label-download').getAttribute('href');
        const pdf = await buyerContext.request.get(appUrl(href ?? ''));
        expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
        expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
        const shown = (await buyer.locator('main').textContent()) ?? '';
        for (const secret of ['Rita Buyer', '350 Fifth Avenue', '$']) expect(shown).not.toContain(secret);
        expect(await seriousAxeViolations(buyer)).toEqual([]);
        await shootAtTwoWidths(buyer, 'return-labels-buyer-page', buyer.locator('main'));

        // The seller turns the link off: the buyer's page now says so, and the PDF is gone for them too.
        await card.getByRole('button', { name: 'Turn link off' }).click();
        await page.getByText('Return link turned off').waitFor();
        await buyer.reload();
        await buyer.getByRole('heading', { level: 1, name: 'Return link not found' }).waitFor();
        expect((await buyerContext.request.get(appUrl(href ?? ''))).status()).toBe(404);
        expect(await seriousAxeViolations(buyer)).toEqual([]);
        await shootAtTwoWidths(buyer, 'return-labels-not-found', buyer.getByTestId('return-unavailable'));
        await buyerContext.close();
      } finally {
        await browser.close();
      }

      // Beside its outbound label: the row's Return badge.
      await dismissToasts(page);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await rowOf(page, label).getByTestId('return-badge').waitFor();

      // Two more orders ticked: their return labels together, said first.
      const more = [await buyLabel(seller), await buyLabel(seller)];
      await page.reload();
      for (const other of more) await rowOf(page, other).getByRole('checkbox', { name: `Select order ${other.trackingNumber}` }).check({ force: true });
      await page.getByRole('button', { name: 'Make return labels (2)' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByTestId('bulk-returns-plan').getByText(/^2 return labels pay on use: up to \$\d+\.\d{2}, charged only for those your buyers ship/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'return-labels-bulk', dialog);
      await dialog.getByRole('button', { name: 'Make return labels' }).click();
      await page.getByText('2 made').waitFor();
      for (const other of more) await rowOf(page, other).getByTestId('return-badge').waitFor();
      await shootAtTwoWidths(page, 'return-labels-orders', page.getByRole('table', { name: 'Orders' }));
    },
    FLOW_TIMEOUT_MS,
  );
});
