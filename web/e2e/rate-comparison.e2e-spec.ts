import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { fundedCustomer } from './support/bulk-api';
import { SAMPLE_RECEIVER, fillSingleOrder } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';

/** A comparison asks every carrier, then the purchase goes through one: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 120_000;

const MONEY = /^\$\d[\d,]*\.\d{2}$/;

/** A rate of the comparison: its carrier mark, service, price and tags. */
const rateOf = async (option: Locator) => ({
  carrier: (await option.getByTestId('carrier-mark').textContent()) ?? '',
  service: (await option.getByTestId('rate-service').textContent()) ?? '',
  price: (await option.getByTestId('rate-price').textContent()) ?? '',
  tags: await option.getByTestId('rate-tag').allTextContents(),
});

const openOrderLabel = async (page: Page): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Order Label', exact: true }).click();
  await waitForPath(page, '/main/order-label');
  await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
};

describe('Comparing rates on the Order Label form', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    "shows every carrier's rate for the parcel with its tags, and buys the UPS rate chosen from the keyboard at the price shown",
    async () => {
      const customer = await fundedCustomer(100_00);
      await openSignedIn(page, customer);
      await openOrderLabel(page);
      const comparison = page.getByRole('region', { name: 'Compare rates' });
      await comparison.getByText('Fill in the package size and weight and both addresses', { exact: false }).waitFor();

      await fillSingleOrder(page, '2.5');

      // Cheapest first, each with a carrier mark, a service, a price and how long it takes; the tags name the best ones.
      const options = comparison.getByTestId('rate-option');
      await options.first().waitFor();
      await page.locator('section[aria-labelledby="rates-heading"][aria-busy="false"]').waitFor();
      const rates = await Promise.all((await options.all()).map(rateOf));
      expect(rates.length).toBeGreaterThan(1);
      for (const rate of rates) {
        expect(rate.carrier).toMatch(/^(USPS|UPS|FedEx|DHL Express)$/);
        expect(rate.service).not.toBe('');
        expect(rate.price).toMatch(MONEY);
      }
      const cents = rates.map((rate) => Number(rate.price.replace(/[$,]/g, '')) * 100);
      expect(cents).toEqual([...cents].sort((a, b) => a - b));
      expect(rates[0]?.tags).toContain('Cheapest');
      expect(rates.flatMap((rate) => rate.tags)).toContain('Fastest');
      expect(rates.some((rate) => rate.carrier === 'UPS')).toBe(true);

      // Nothing is chosen yet: the bar asks for a service. A service picked from the list marks its rate as chosen.
      expect(await comparison.getByRole('radio', { checked: true }).count()).toBe(0);
      await page.getByText('Choose a service to see the price.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'rate-comparison-shown');
      const priority = options.filter({ has: page.getByTestId('rate-service').filter({ hasText: /^USPS Priority Mail$/ }) });
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
      await priority.getByRole('radio', { checked: true }).waitFor();

      // The first UPS rate (not the cheapest one), chosen from the keyboard: focus its radio and press Space.
      const upsOption = options.filter({ has: page.getByTestId('carrier-mark').filter({ hasText: /^UPS$/ }) }).first();
      const ups = await rateOf(upsOption);
      expect(ups.service).not.toBe(rates[0]?.service);
      await upsOption.getByRole('radio').focus();
      await page.keyboard.press('Space');
      await upsOption.getByRole('radio', { checked: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Service', exact: true }).inputValue()).toBe(ups.service);
      await page.locator('[data-testid="live-price"][data-priced-weight="2.5"]:not([data-pricing])').filter({ hasText: ups.price }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // What the window shows: the chosen rate beside the bar that buys it.
      await comparison.getByRole('heading', { name: 'Compare rates' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'rate-comparison-chosen', false);

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      await created.getByText(ups.price, { exact: true }).waitFor();
      await saveScreenshot(page, 'rate-comparison-label-created');
      await created.getByRole('link', { name: 'View orders', exact: true }).click();

      // The order is the UPS service's, at the price the comparison showed.
      await waitForPath(page, '/main/orders');
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(`${ups.service} · to ${SAMPLE_RECEIVER.name}`);
      expect(await row.textContent()).toContain(ups.price);
    },
    FLOW_TIMEOUT_MS,
  );
});
