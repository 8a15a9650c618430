import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Page } from 'playwright-core';
import { loginThroughApi, openSignedIn } from './support/accounts';
import { useBrowserPage, waitForPath } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor, type FundedCustomer } from './support/bulk-api';
import { adminCredentials } from './support/env';
import { fillSingleOrder } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

/** The comparison asks every carrier: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 120_000;

/** An 8 × 6 × 3 in mailer weighing 4 oz: with 14.75 lb inside, a 15 lb parcel that fits the Flat Rate Envelope. */
const MAILER = { name: 'Small mailer', length: '8', width: '6', height: '3', tareOz: '4' };

/** This customer's USPS Priority Mail priced from the carrier's cost, so a cheaper box is a cheaper price for them. */
const priceFromCost = async (customer: FundedCustomer): Promise<void> => {
  await serviceNameFor(customer);
  const answer = await apiCall(`/api/userServices/${customer.userId}`, { token: customer.token });
  const priority = servicesResponseSchema.parse(answer.body).find((service) => service.uid === 'usps_priority');
  if (!priority) throw new Error('the customer has no USPS Priority Mail');
  const admin = await loginThroughApi(adminCredentials());
  const priced = await apiCall(`/api/userServices/${customer.userId}/${priority._id}/pricing`, {
    method: 'PUT',
    token: admin.token,
    body: { pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50 },
  });
  if (priced.status !== 200) throw new Error(`pricing answered ${priced.status}`);
};

const openFromSidebar = async (page: Page, link: string, path: string, heading: string): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link, exact: true }).click();
  await waitForPath(page, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
};

describe('Package presets and cheaper packaging', () => {
  const currentPage = useBrowserPage();

  it(
    'saves a box on Packages, picks it on Order Label (size filled, tare added), sees the Flat Rate Envelope under its price by weight with why, and buys the label in it',
    async () => {
      const page = currentPage();
      const customer = await fundedCustomer(100_00);
      await priceFromCost(customer);
      await openSignedIn(page, customer);

      // Packages: empty at first, then the box saved from the dialog and listed.
      await openFromSidebar(page, 'Packages', '/main/packages', 'Packages');
      await page.getByText('No packages yet').waitFor();
      await page.getByRole('button', { name: 'Add package', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add package' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(MAILER.name);
      await dialog.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill(MAILER.length);
      await dialog.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill(MAILER.width);
      await dialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('0');
      await dialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).blur();
      await dialog.getByText('Height must be greater than 0').waitFor();
      await dialog.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill(MAILER.height);
      await dialog.getByRole('spinbutton', { name: 'Tare weight (oz)', exact: true }).fill(MAILER.tareOz);
      await dialog.getByRole('button', { name: 'Save package', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const table = page.getByRole('table', { name: 'Saved packages' });
      await table.getByRole('cell', { name: MAILER.name, exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'package-presets-manager', table);

      // Order Label: the addresses and 14.75 lb typed, then the box picked: its size filled, its 4 oz added.
      await openFromSidebar(page, 'Order Label', '/main/order-label', 'Order Label');
      const parcel = await fillSingleOrder(page, '14.75');
      await parcel.getByRole('combobox', { name: 'Saved package', exact: true }).selectOption({ label: 'Small mailer — 8 × 6 × 3 in, 4 oz' });
      expect(await parcel.getByRole('spinbutton', { name: 'Length (in)', exact: true }).inputValue()).toBe('8');
      expect(await parcel.getByRole('spinbutton', { name: 'Height (in)', exact: true }).inputValue()).toBe('3');
      expect(await parcel.getByRole('spinbutton', { name: 'Weight (lb)', exact: true }).inputValue()).toBe('15');
      await parcel.getByTestId('package-preset-help').filter({ hasText: "Weight includes the Small mailer's 4 oz." }).waitFor();
      await shootAtTwoWidths(page, 'package-presets-picker', parcel);

      // Compare rates: the Flat Rate Envelope under the own box's Priority Mail price, saying why, to choose like any rate.
      const comparison = page.getByRole('region', { name: 'Compare rates' });
      await comparison.getByTestId('rate-option').first().waitFor();
      await page.locator('section[aria-labelledby="rates-heading"][aria-busy="false"]').waitFor();
      const packaging = comparison.getByRole('region', { name: 'Cheaper packaging' });
      const envelope = packaging.getByTestId('packaging-option').filter({ has: page.getByTestId('packaging-name').filter({ hasText: /^Priority Mail Flat Rate Envelope$/ }) });
      const reason = (await envelope.getByTestId('packaging-reason').textContent()) ?? '';
      expect(reason).toMatch(/^One price to any zone: \$\d+\.\d{2} less than 15 lb by weight$/);
      const priority = comparison.getByTestId('rate-option').filter({ has: page.getByTestId('rate-service').filter({ hasText: /^USPS Priority Mail$/ }) });
      const byWeight = Number(((await priority.getByTestId('rate-price').textContent()) ?? '').replace(/[$,]/g, ''));
      const envelopePrice = (await envelope.getByTestId('packaging-price').textContent()) ?? '';
      const inEnvelope = Number(envelopePrice.replace(/[$,]/g, ''));
      expect(inEnvelope).toBeLessThan(byWeight);
      expect(reason).toContain(`$${(byWeight - inEnvelope).toFixed(2)} less`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'package-presets-comparison', packaging);

      // Chosen from the keyboard, the envelope sets the service and the bar's price; the label is bought at that price.
      await envelope.getByRole('radio').focus();
      await page.keyboard.press('Space');
      await envelope.getByRole('radio', { checked: true }).waitFor();
      expect(await priority.getByRole('radio', { checked: true }).count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Service', exact: true }).inputValue()).toBe('USPS Priority Mail');
      await page.getByTestId('live-price').filter({ hasText: envelopePrice }).waitFor();
      await page.getByText('USPS Priority Mail in Priority Mail Flat Rate Envelope', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      await created.getByText(envelopePrice, { exact: true }).waitFor();
      const balance = await apiCall('/api/auth/api/balance', { token: customer.token });
      expect(balance.body).toMatchObject({ balance: 100_00 - Math.round(inEnvelope * 100) });
    },
    FLOW_TIMEOUT_MS,
  );
});
