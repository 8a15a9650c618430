import type { Locator, Page } from 'playwright-core';

/** The five address fields of the Order Label form and of the address book's dialog. */
export interface FormAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

export const SAMPLE_SENDER: FormAddress = { name: 'Sam Sender', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
export const SAMPLE_RECEIVER: FormAddress = { name: 'Rita Receiver', street: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10118' };

/** Fills an address's fields inside `within` (a form region or a dialog), by their labels. */
export const fillAddress = async (within: Locator, address: FormAddress): Promise<void> => {
  await within.getByRole('textbox', { name: 'Name', exact: true }).fill(address.name);
  await within.getByRole('textbox', { name: 'Street', exact: true }).fill(address.street);
  await within.getByRole('textbox', { name: 'City', exact: true }).fill(address.city);
  await within.getByRole('combobox', { name: 'State', exact: true }).selectOption(address.state);
  await within.getByRole('textbox', { name: 'ZIP', exact: true }).fill(address.zip);
};

/** The Order Label form: the sample sender and receiver typed in, a 10 × 8 × 4 in parcel of `weightLb`. Answers the package region. */
export const fillSingleOrder = async (page: Page, weightLb: string): Promise<Locator> => {
  await fillAddress(page.getByRole('region', { name: 'From Address' }), SAMPLE_SENDER);
  await fillAddress(page.getByRole('region', { name: 'To Address' }), SAMPLE_RECEIVER);
  const parcel = page.getByRole('region', { name: 'Package Information' });
  await parcel.getByRole('spinbutton', { name: 'Length (in)', exact: true }).fill('10');
  await parcel.getByRole('spinbutton', { name: 'Width (in)', exact: true }).fill('8');
  await parcel.getByRole('spinbutton', { name: 'Height (in)', exact: true }).fill('4');
  await parcel.getByRole('spinbutton', { name: 'Weight (lb)', exact: true }).fill(weightLb);
  return parcel;
};
