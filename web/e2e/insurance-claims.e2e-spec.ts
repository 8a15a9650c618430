import { labelTrackingSchema } from '@labeldesk/contracts';
import type { Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor, type FundedCustomer } from './support/bulk-api';
import { fillSingleOrder } from './support/order-form';

/** A purchase, a carrier scan and an insurer's decision: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 180_000;
/** Labels bought at most while looking for a scanned one: each is scanned or not by a coin flip of its number. */
const MAX_PURCHASES = 12;
const INSURED_ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Sam Sender', sender_address1: '1600 Amphitheatre Pkwy', sender_city: 'Mountain View', sender_state_province: 'CA', sender_zip_postal: '94043' },
  receiver: { receiver_name: 'Rita Receiver', receiver_address1: '350 Fifth Avenue', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
  insurance: { declared_value_cents: 250_00 },
  signature: 'signature',
};

/**
 * A claim is filed only on a label the carrier has scanned (an unscanned one is voided instead). The CI's systems scan
 * half the sandbox's labels (SANDBOX_TRACKING_SHARE=0.5, by their numbers): insured labels are bought through the API
 * the Order Label page uses until one is scanned. Answers its tracking number and what was paid for all of them.
 */
const scannedInsuredLabel = async (customer: FundedCustomer): Promise<{ tracking: string; spentCents: number }> => {
  let spentCents = 0;
  for (let bought = 0; bought < MAX_PURCHASES; bought += 1) {
    const answer = await apiCall('/api/orders/v2', { method: 'POST', token: customer.token, body: INSURED_ORDER });
    const data = (answer.body as { data?: { orderId: string; trackingNumber: string; price: number } }).data;
    if (answer.status !== 200 || !data) throw new Error(`insured label not bought: ${answer.status} ${JSON.stringify(answer.body)}`);
    spentCents += data.price;
    const tracking = labelTrackingSchema.parse((await apiCall(`/api/orders/${data.orderId}/tracking`, { token: customer.token })).body);
    if (tracking.used) return { tracking: data.trackingNumber, spentCents };
  }
  throw new Error(`no scanned label in ${MAX_PURCHASES} purchases: is SANDBOX_TRACKING_SHARE set on the system?`);
};

const openFromSidebar = async (page: Page, label: string, path: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
};

/**
 * Decision 102 in the browser: insurance and a signature chosen on Order Label, their fees shown before buying and in
 * the price, a refusal where the service does not sell the signature, then a claim filed from Claims (one over the
 * insured value refused in words first) that the sandbox's insurer approves and pays. The server decides claims at their
 * first look and looks often (SANDBOX_CLAIM_DECIDE_SECONDS=0, CLAIMS_CHECK_SECONDS=5, as CI runs it).
 */
describe('Insurance, signatures and claims', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'insures a label with a signature at the price shown, refuses a signature Priority Mail Express does not sell, and pays a claim filed from Claims',
    async () => {
      const customer = await fundedCustomer(300_00);
      await serviceNameFor(customer);
      await openSignedIn(page, customer);
      await openFromSidebar(page, 'Order Label', '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      const service = page.getByRole('combobox', { name: 'Service', exact: true });
      await service.selectOption({ label: 'USPS Priority Mail' });
      await fillSingleOrder(page, '2');

      const extras = page.getByRole('region', { name: 'Insurance and signature' });
      await extras.getByText('Insure this parcel', { exact: true }).click();
      await extras.getByRole('textbox', { name: 'Declared value (USD)' }).fill('250.00');
      await extras.getByRole('combobox', { name: 'Signature at delivery', exact: true }).selectOption({ label: 'Signature confirmation' });
      await extras.getByTestId('extras-fees').filter({ hasText: 'Insurance $2.50 · Signature confirmation $3.65 — $6.15 added to the label\'s price' }).waitFor();
      // $8.50 for the label up to 5 lb, and the extras.
      await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: '$14.65' }).waitFor();
      await saveScreenshot(page, 'insurance-order-label');

      // Priority Mail Express is signed for already: the page says so before anything is bought.
      await service.selectOption({ label: 'USPS Priority Mail Express' });
      await extras.getByRole('alert').filter({ hasText: 'USPS Priority Mail Express is signed for at delivery already' }).waitFor();
      await saveScreenshot(page, 'insurance-express-signature-refused');
      await service.selectOption({ label: 'USPS Priority Mail' });
      await extras.getByTestId('extras-fees').filter({ hasText: '$6.15 added' }).waitFor();

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      const tracking = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
      expect(tracking).not.toBe('');
      await created.getByRole('button', { name: 'Create another', exact: true }).click();
      await created.waitFor({ state: 'hidden' });
      const balance = await apiCall('/api/auth/api/balance', { token: customer.token });
      expect(balance.body).toMatchObject({ balance: 300_00 - 14_65 });
      const { tracking: claimed, spentCents } = await scannedInsuredLabel(customer);

      await openFromSidebar(page, 'Claims', '/main/claims');
      await page.getByRole('heading', { level: 1, name: 'Claims' }).waitFor();
      await page.getByTestId('insured-label-row').filter({ hasText: tracking }).getByText('$250.00').waitFor();
      // The claim goes on the scanned one (the label just bought is scanned or not by a coin flip).
      const row = page.getByTestId('insured-label-row').filter({ hasText: claimed });
      await row.getByText('$250.00').waitFor();
      await saveScreenshot(page, 'claims-insured-label');
      await row.getByRole('button', { name: `File a claim on label ${claimed}` }).click();
      const dialog = page.getByRole('dialog', { name: `File a claim on label ${claimed}` });
      await dialog.getByRole('combobox', { name: 'What happened', exact: true }).selectOption('damaged');
      await dialog.getByRole('textbox', { name: 'Amount to claim (USD)' }).fill('300.00');
      await dialog.getByRole('textbox', { name: 'What happened, in your words' }).fill('The box arrived crushed and the lamp inside is broken.');
      await dialog.getByRole('button', { name: 'File claim', exact: true }).click();
      await dialog.getByText('A claim can ask at most the insured value, $250.00').waitFor();
      await saveScreenshot(page, 'claims-over-insured-value');
      await dialog.getByRole('textbox', { name: 'Amount to claim (USD)' }).fill('120.00');
      await dialog.getByRole('button', { name: 'File claim', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The insurer approves it and the balance is credited; the page reads the claims again until it is paid.
      const claim = page.getByTestId('claim-row').filter({ hasText: claimed });
      await page.locator('[data-testid="claim-row"][data-state="paid"]').filter({ hasText: claimed }).waitFor({ timeout: 60_000 });
      await claim.getByText('$120.00').first().waitFor();
      await row.getByText('Paid', { exact: true }).waitFor();
      await saveScreenshot(page, 'claims-paid');
      const after = await apiCall('/api/auth/api/balance', { token: customer.token });
      expect(after.body).toMatchObject({ balance: 300_00 - 14_65 - spentCents + 120_00 });
    },
    FLOW_TIMEOUT_MS,
  );
});
