import { ratesResponseSchema, servicesResponseSchema } from '@labeldesk/contracts';
import type { PricingBody, Rate, Service } from '@labeldesk/contracts';
import type { Locator, Page } from 'playwright-core';
import { loginThroughApi, openSignedIn } from './support/accounts';
import { dismissToasts, newDesktopContext, saveScreenshot, useBrowserPage } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor } from './support/bulk-api';
import { adminCredentials } from './support/env';
import { fillSingleOrder } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';
import { shootAtTwoWidths } from './support/two-widths';

/** FedEx Express Saver: a service no other browser test buys or prices, so changing its default disturbs none of them. */
const UID = 'fedex_express_saver';

/** The rate comparison asks every carrier: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 120_000;

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** Decision 085's price of a cost-priced label: the cost, the percent of it rounded up to the cent, the fixed cents. */
const costPlusMarkup = (costCents: number, basisPoints: number, markupCents: number): number =>
  costCents + Math.ceil((costCents * basisPoints) / 10_000) + markupCents;

const adminToken = async (): Promise<string> => (await loginThroughApi(adminCredentials())).token;

const ok = (answer: { status: number; body: unknown }, what: string): unknown => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
};

const defaultServices = async (): Promise<Service[]> =>
  servicesResponseSchema.parse(ok(await apiCall('/api/defaultServices', { token: await adminToken() }), 'default services'));

const pricingOf = (service: Service): PricingBody => ({ pricingMode: service.pricingMode, markupPercent: service.markupPercent, markupCents: service.markupCents });

/** Opens the card's pricing dialog, picks cost + markup and types the markup; answers the dialog. */
const openPricing = async (page: Page, card: Locator, serviceName: string): Promise<Locator> => {
  await card.getByRole('button', { name: `Edit pricing of ${serviceName}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Pricing of ${serviceName}`, exact: true });
  await dialog.waitFor();
  // The mode is chosen from the keyboard: focus its radio, press Space.
  const costMarkup = dialog.getByRole('radio', { name: /^Carrier cost \+ markup/ });
  await costMarkup.focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('radio', { name: /^Carrier cost \+ markup/, checked: true }).waitFor();
  return dialog;
};

const typeMarkup = async (dialog: Locator, percent: string, dollars: string): Promise<void> => {
  await dialog.getByRole('textbox', { name: 'Markup percent (%)', exact: true }).fill(percent);
  await dialog.getByRole('textbox', { name: 'Fixed markup ($)', exact: true }).fill(dollars);
};

describe('Pricing modes: carrier cost + markup, set by the admin for everyone and for one user', () => {
  const currentPage = useBrowserPage();
  let page: Page;
  let original: Service;

  beforeAll(async () => {
    const found = (await defaultServices()).find((service) => service.uid === UID);
    if (!found) throw new Error(`the system has no ${UID} default service`);
    original = found;
    // Offered, so the customer's comparison lists it; put back as it was in afterAll.
    ok(await apiCall(`/api/defaultServices/${original._id}/toggle`, { method: 'PATCH', token: await adminToken(), body: { enabled: true } }), 'offer');
  });

  afterAll(async () => {
    const token = await adminToken();
    await apiCall(`/api/defaultServices/${original._id}/pricing`, { method: 'PUT', token, body: pricingOf(original) });
    await apiCall(`/api/defaultServices/${original._id}/toggle`, { method: 'PATCH', token, body: { enabled: original.enabled } });
  });

  beforeEach(() => {
    page = currentPage();
  });

  it("switches a default service to carrier cost + markup in the pricing dialog, refusing a bad markup with the server's messages, and the card shows the mode and margin", async () => {
    await openSignedIn(page, adminCredentials(), '/admin/default-services');
    const card = page.getByRole('region', { name: 'Default Service Configuration cards' }).getByRole('article', { name: original.name, exact: true });
    await card.getByTestId('pricing-mode').waitFor();
    expect(await card.getByTestId('carrier-mark').textContent()).toBe('FedEx');
    await card.scrollIntoViewIfNeeded();

    const dialog = await openPricing(page, card, original.name);
    // Fractions the server would refuse are refused as typed, with its messages, and nothing is sent.
    await typeMarkup(dialog, '0.505', '0.505');
    await dialog.getByText('Markup percent takes at most two decimals').waitFor();
    await dialog.getByText('Markup must be whole cents').waitFor();
    await typeMarkup(dialog, '501', '0.50');
    await dialog.getByText('Markup percent must be between 0 and 500').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootAtTwoWidths(page, 'pricing-modes-dialog-invalid', dialog);

    // Saved from the keyboard: Enter in the last field submits the form.
    await typeMarkup(dialog, '12.5', '0.50');
    await dialog.getByText('Markup percent must be between 0 and 500').waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: 'Fixed markup ($)', exact: true }).press('Enter');
    await page.getByText('Service pricing updated successfully').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByTestId('pricing-margin').filter({ hasText: '+12.5 % + $0.50' }).waitFor();
    expect(await card.getByTestId('pricing-mode').textContent()).toBe('Carrier cost + markup');
    // The tiers are kept for later, not edited while unused.
    expect(await card.getByRole('button', { name: 'Save Prices' }).count()).toBe(0);
    await dismissToasts(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootAtTwoWidths(page, 'pricing-modes-default-services', card);

    const saved = (await defaultServices()).find((service) => service.uid === UID);
    expect(saved && pricingOf(saved)).toEqual({ pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 50 });

    // A reload shows what the server keeps.
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Default Service Configuration cards' }).getByRole('article', { name: original.name, exact: true });
    await reloaded.getByTestId('pricing-margin').filter({ hasText: '+12.5 % + $0.50' }).waitFor();
  });

  it(
    "gives one user their own markup (saying so when a save fails), says it differs from the default, and the customer's comparison prices the service at cost + that markup",
    async () => {
      const customer = await fundedCustomer(100_00);
      await serviceNameFor(customer); // the customer's own copies of the services, as the app makes them on first use

      await openSignedIn(page, adminCredentials(), '/admin/user-management');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
      await page.getByRole('button', { name: `Services of ${customer.name}` }).click();
      const overlay = page.getByRole('dialog', { name: `Services of ${customer.name}` });
      const card = overlay.getByRole('region', { name: 'User Services cards' }).getByRole('article', { name: original.name, exact: true });
      await card.getByTestId('pricing-mode').waitFor();

      const dialog = await openPricing(page, card, original.name);
      await typeMarkup(dialog, '20', '1');
      // The gateway unavailable for the first save: the dialog says so and keeps what was typed; the second save goes through.
      const pricingRoute = '**/api/userServices/*/*/pricing';
      await page.route(pricingRoute, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }));
      await dialog.getByRole('button', { name: 'Save Pricing', exact: true }).click();
      await dialog.getByTestId('form-error').filter({ hasText: 'Failed to update service pricing. Please try again.' }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Markup percent (%)', exact: true }).inputValue()).toBe('20');
      await page.unroute(pricingRoute);
      await dialog.getByRole('button', { name: 'Save Pricing', exact: true }).click();
      await page.getByText('Service pricing updated successfully').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByTestId('pricing-margin').filter({ hasText: '+20 % + $1.00' }).waitFor();
      expect(await card.getByTestId('pricing-comparison').textContent()).toBe('Differs from the default: Carrier cost + markup, +12.5 % + $0.50');
      // The defaults beside it, read-only, show the default's mode and margin.
      const reference = overlay.getByRole('region', { name: 'Default Services cards' }).getByRole('article', { name: original.name, exact: true });
      expect(await reference.getByTestId('pricing-margin').textContent()).toContain('+12.5 % + $0.50');
      await dismissToasts(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shootAtTwoWidths(page, 'pricing-modes-user-services', card);

      // The customer compares rates for a parcel; the admin asks the same comparison for them and sees the cost.
      const browser = page.context().browser();
      if (!browser) throw new Error('the page has no browser');
      const customerContext = await newDesktopContext(browser);
      const customerPage = await customerContext.newPage();
      await openSignedIn(customerPage, customer, '/main/order-label');
      await customerPage.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      const asked = customerPage.waitForRequest((request) => request.url().endsWith('/api/rates') && request.method() === 'POST');
      await fillSingleOrder(customerPage, '2.5');
      const body: unknown = (await asked).postDataJSON();
      const comparison = customerPage.getByRole('region', { name: 'Compare rates' });
      await customerPage.locator('section[aria-labelledby="rates-heading"][aria-busy="false"]').waitFor();
      const option = comparison.getByTestId('rate-option').filter({ has: customerPage.getByTestId('rate-service').filter({ hasText: new RegExp(`^${original.name}$`) }) });
      await option.first().waitFor();

      const asAdmin = ratesResponseSchema.parse(ok(await apiCall('/api/rates', { method: 'POST', token: await adminToken(), body }), 'rates for the customer'));
      const rate: Rate | undefined = asAdmin.rates.find((candidate) => candidate.offeringUid === UID && candidate.packaging === undefined);
      if (rate?.costCents === undefined) throw new Error(`the admin's comparison has no cost for ${UID}`);
      const expected = costPlusMarkup(rate.costCents, 2000, 100);
      expect(rate.priceCents).toBe(expected);
      expect(rate.marginCents).toBe(expected - rate.costCents);
      // The customer sees the price, never the cost.
      expect(await option.first().getByTestId('rate-price').textContent()).toBe(usd(expected));
      expect(await option.first().textContent()).not.toContain('cost');
      await option.first().scrollIntoViewIfNeeded();
      await saveScreenshot(customerPage, 'pricing-modes-customer-rates', false);
      await customerContext.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
