import { labelTrackingSchema, type LabelTracking } from '@labeldesk/contracts';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { dismissToasts, launchBrowser, newDesktopContext, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, fundedCustomer, type FundedCustomer } from './support/bulk-api';
import { appUrl } from './support/env';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

// The system runs the sandbox at browser-test speed (.ci/run): half of its labels, by their tracking number, are scanned
// at once, with a place. The seller's ship-from company is what the buyer's page names.
const SELLER = 'Harbor Candle Co.';
const ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_company: SELLER, sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Rita Buyer', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};
const MAX_PURCHASES = 12;
const FLOW_TIMEOUT_MS = 150_000;

interface ScannedLabel {
  orderId: string;
  trackingNumber: string;
  tracking: LabelTracking;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Buys labels through the API the Order Label page uses until the sandbox scans one; answers it. */
const buyScannedLabel = async (customer: FundedCustomer): Promise<ScannedLabel> => {
  for (let bought = 0; bought < MAX_PURCHASES; bought += 1) {
    const response = await fetch(appUrl('/api/orders/v2'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: customer.token, 'idempotency-key': `public-tracking-${Date.now()}-${bought}` },
      body: JSON.stringify(ORDER),
    });
    const body: unknown = await response.json();
    const data = isRecord(body) && isRecord(body['data']) ? body['data'] : undefined;
    const orderId = data?.['orderId'];
    const trackingNumber = data?.['trackingNumber'];
    if (response.status !== 200 || typeof orderId !== 'string' || typeof trackingNumber !== 'string') throw new Error(`label not bought: ${response.status} ${JSON.stringify(body)}`);
    const tracking = labelTrackingSchema.parse((await apiCall(`/api/orders/${orderId}/tracking`, { token: customer.token })).body);
    if (tracking.used) return { orderId, trackingNumber, tracking };
  }
  throw new Error(`no scanned label in ${MAX_PURCHASES} purchases: is SANDBOX_TRACKING_SHARE=0.5 set on the system?`);
};

/** Opens the label's Track drawer from its row on the Orders page. */
const openTrackDrawer = async (page: Page, label: ScannedLabel) => {
  const row = page.locator(`[data-testid="order-row"][data-order-id="${label.orderId}"]`);
  await row.getByRole('button', { name: `Track label ${label.trackingNumber}`, exact: true }).click();
  const drawer = page.getByTestId('tracking-drawer');
  await drawer.getByTestId('tracking-heading').filter({ hasText: 'In transit' }).waitFor();
  return drawer;
};

describe("The buyer's tracking page", () => {
  const currentPage = useBrowserPage();

  it(
    "lets the seller copy a label's link from its Track drawer (axe clean); a browser without any session opens it and sees the seller, the courier, the status and the scans at city and state, axe clean; turned off, the link says so",
    async () => {
      const page = currentPage();
      const seller = await fundedCustomer(10_000);
      const label = await buyScannedLabel(seller);

      await openSignedIn(page, seller, '/main/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      const drawer = await openTrackDrawer(page, label);
      await drawer.getByRole('button', { name: 'Copy tracking link for your buyer' }).click();
      const linkBox = drawer.getByTestId('tracking-link-url');
      await linkBox.waitFor();
      const link = await linkBox.inputValue();
      expect(link).toMatch(new RegExp(`^${appUrl('/t/').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Za-z0-9_-]{32}$`));
      await page.getByText('Tracking link copied').waitFor();
      await dismissToasts(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'public-tracking-seller-drawer', drawer.getByTestId('tracking-link-share'));

      // The buyer: another browser, no session, no storage.
      const browser = await launchBrowser();
      try {
        const buyerContext = await newDesktopContext(browser);
        const buyer = await buyerContext.newPage();
        await buyer.goto(link);
        await buyer.getByTestId('tracking-seller').filter({ hasText: SELLER }).waitFor();
        expect(await buyer.getByTestId('tracking-status').textContent()).toBe('In transit');
        await buyer.getByTestId('tracking-summary').getByTestId('carrier-mark').filter({ hasText: 'USPS' }).waitFor();
        expect(await buyer.getByTestId('tracking-number').textContent()).toBe(label.trackingNumber);
        const courierSite = buyer.getByRole('link', { name: "Track on USPS's site" });
        expect(await courierSite.getAttribute('href')).toBe(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${label.trackingNumber}`);
        const events = buyer.getByRole('list', { name: 'Tracking events, newest first' }).getByTestId('tracking-event');
        await events.first().waitFor();
        const texts = await events.allTextContents();
        expect(texts[0]).toContain('Accepted at USPS Origin Facility');
        // A scan's place is a city and state: no ZIP, no street, nothing of the receiver or the price.
        expect(texts[0]).toMatch(/ · [A-Za-z .'-]+, [A-Z]{2}$/);
        const shown = (await buyer.locator('main').textContent()) ?? '';
        for (const secret of ['Rita Buyer', '350 Fifth Avenue', '10118', '1 Main St', '78701', '$']) expect(shown).not.toContain(secret);
        expect(await seriousAxeViolations(buyer)).toEqual([]);
        await shootAtTwoWidths(buyer, 'public-tracking-page', buyer.getByTestId('tracking-summary'));

        // The seller turns the link off: the buyer's page now says it is not found.
        await drawer.getByRole('button', { name: 'Turn link off' }).click();
        await page.getByText('Tracking link turned off').waitFor();
        await drawer.getByRole('button', { name: 'Copy tracking link for your buyer' }).waitFor();
        await buyer.reload();
        await buyer.getByRole('heading', { level: 1, name: 'Tracking link not found' }).waitFor();
        await buyer.getByText('This tracking link does not exist or the seller turned it off. Ask the seller for a new link.').waitFor();
        expect(await seriousAxeViolations(buyer)).toEqual([]);
        await shootAtTwoWidths(buyer, 'public-tracking-not-found', buyer.getByTestId('tracking-unavailable'));
        await buyerContext.close();
      } finally {
        await browser.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it('answers a link nobody made with the not-found page, without sign-in', async () => {
    const page = currentPage();
    await page.goto(appUrl(`/t/${'Z'.repeat(32)}`));
    await waitForPath(page, `/t/${'Z'.repeat(32)}`);
    await page.getByRole('heading', { level: 1, name: 'Tracking link not found' }).waitFor();
    expect(await page.title()).toBe('Parcel tracking · Shipping Labels');
  });
});
