import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { apiCall, fundedCustomer, serviceNameFor } from './support/bulk-api';
import { fillAddress, SAMPLE_SENDER } from './support/order-form';
import { shootAtTwoWidths } from './support/two-widths';

/** A purchase with its customs form rendered by the sandbox: more than the suite's default 60 s may be needed. */
const FLOW_TIMEOUT_MS = 180_000;

/** Fills item `index` of the Customs section. */
const fillItem = async (customs: Locator, index: number, item: { description: string; value: string; weight: string; hs: string }): Promise<void> => {
  const field = (label: string) => customs.getByRole('group', { name: `Item ${index + 1}` }).getByRole('textbox', { name: label, exact: true });
  await field('Description').fill(item.description);
  await field('Quantity').fill('1');
  await field('Value (USD)').fill(item.value);
  await field('Weight (lb)').fill(item.weight);
  await field('HS tariff number').fill(item.hs);
};

/**
 * Decision 098 in the browser: the To address takes any country, with Canada's provinces in a select and its postal
 * code's shape; a Customs section appears for a receiver abroad; the server's refusal (an EU item without its HS code)
 * shows on that item's field; the label to Canada is bought from the form and paid once.
 */
describe('International label', () => {
  const currentPage = useBrowserPage();
  let page: Page;

  beforeEach(() => {
    page = currentPage();
  });

  it(
    'buys a label to Canada with its customs from the Order Label form, after an HS code the server asks for shows on its field',
    async () => {
      const customer = await fundedCustomer(200_00);
      await serviceNameFor(customer);
      await openSignedIn(page, customer, '/main/order-label');
      await waitForPath(page, '/main/order-label');
      await page.getByRole('heading', { level: 1, name: 'Order Label' }).waitFor();
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail International' });
      await fillAddress(page.getByRole('region', { name: 'From Address' }), SAMPLE_SENDER);
      const to = page.getByRole('region', { name: 'To Address' });
      await to.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Receiver');
      await to.getByRole('textbox', { name: 'Street', exact: true }).fill('111 Wellington St');
      await to.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
      await to.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
      await to.getByRole('textbox', { name: 'Postal code', exact: true }).fill('10115');
      const parcel = page.getByRole('region', { name: 'Package Information' });
      await parcel.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
      await parcel.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
      await parcel.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('4');
      await parcel.getByRole('spinbutton', { name: 'Weight (lb)', exact: true }).fill('2');

      const customs = page.getByRole('region', { name: 'Customs' });
      await customs.getByRole('textbox', { name: 'Signed by', exact: true }).fill('Sam Sender');
      await fillItem(customs, 0, { description: 'Cotton T-shirt', value: '30.00', weight: '0.8', hs: '6109.10' });
      await customs.getByRole('button', { name: 'Add an item', exact: true }).click();
      await fillItem(customs, 1, { description: 'Ceramic mug', value: '14.50', weight: '1.1', hs: '' });
      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      // Germany is in the EU: the server refuses the mug without its HS code, said on the mug's field. Nothing is charged.
      await customs.getByText('Item 2 (Ceramic mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item').first().waitFor();
      await shootAtTwoWidths(page, 'international-hs-refused', customs);
      expect((await apiCall('/api/auth/api/balance', { token: customer.token })).body).toMatchObject({ balance: 200_00 });

      // To Canada instead: its provinces in a select, its postal code's shape checked as typed.
      await to.getByRole('textbox', { name: 'City', exact: true }).fill('Ottawa');
      await to.getByRole('combobox', { name: 'Country', exact: true }).selectOption('CA');
      await to.getByRole('combobox', { name: 'Province', exact: true }).selectOption('ON');
      await to.getByRole('textbox', { name: 'Postal code', exact: true }).fill('K1A0B');
      await to.getByRole('textbox', { name: 'Street 2', exact: true }).click();
      await to.getByText('Recipient postal code is not a postal code of Canada').waitFor();
      await to.getByRole('textbox', { name: 'Postal code', exact: true }).fill('K1A 0B1');
      await to.getByText('Recipient postal code is not a postal code of Canada').waitFor({ state: 'hidden' });
      await customs.getByRole('group', { name: 'Item 2' }).getByRole('textbox', { name: 'HS tariff number', exact: true }).fill('6912.00');
      // The server's message was about the declaration sent: changed, it goes.
      await customs.getByText('Item 2 (Ceramic mug) needs an HS tariff number').waitFor({ state: 'hidden' });
      await shootAtTwoWidths(page, 'international-to-canada', to);
      await shootAtTwoWidths(page, 'international-customs', customs);

      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      await saveScreenshot(page, 'international-label-created');
      const tracking = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
      // A USPS item number abroad: UPU S10, Priority Mail International's CP … US.
      expect(tracking.replace(/\s+/g, '')).toMatch(/^CP\d{9}US$/);
      const balance = (await apiCall('/api/auth/api/balance', { token: customer.token })).body as { balance: number };
      // The sandbox's cost to Canada for 2 lb is $49.00: + 10 % + 50 cents.
      expect(balance.balance).toBe(200_00 - (4_900 + 490 + 50));
    },
    FLOW_TIMEOUT_MS,
  );
});
