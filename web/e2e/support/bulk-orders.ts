import { BULK_TEMPLATE_COLUMNS } from '@labeldesk/contracts';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { loginThroughApi, loginThroughUi, newCustomer, registerThroughApi } from './accounts';
import { saveScreenshot, waitForPath } from './browser';
import type { Customer } from './accounts';
import { adminCredentials, appUrl } from './env';

/** What the bulk flows need from the API: the new customer's id and token, and calls that set up their data. */
export interface BulkCustomer extends Customer {
  userId: string;
  token: string;
}

const call = async <T>(path: string, token: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const response = await fetch(appUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

const expectOk = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
  const result = await call<T>(path, token, body);
  if (result.status < 200 || result.status > 299) throw new Error(`${path} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
};

/** A new customer, made through the API. */
export const newBulkCustomer = async (): Promise<BulkCustomer> => {
  const customer = newCustomer();
  const session = (await registerThroughApi(customer)) as unknown as { token: string; user: { _id: string } };
  return { ...customer, userId: session.user._id, token: session.token };
};

/** The admin sets the customer's balance (an admin top-up, as in user management), in cents. */
export const setBalanceAsAdmin = async (customer: BulkCustomer, cents: number): Promise<void> => {
  const admin = await loginThroughApi(adminCredentials());
  await expectOk(`/api/auth/users/details/${customer.userId}`, admin.token, { balance: cents });
};

export const SENDER = {
  address_id: 'HQ',
  name: 'Sam Sender',
  phone: '+1 555-010-0199',
  company: 'Sender Goods LLC',
  street: '1600 Amphitheatre Pkwy',
  street2: '',
  city: 'Mountain View',
  state: 'CA',
  zip: '94043',
  country: 'US',
};

export const saveSenderAddress = async (customer: BulkCustomer): Promise<void> => {
  await expectOk(`/api/auth/save-address/${customer.userId}`, customer.token, { formData: SENDER });
};

export interface SkuPreset {
  sku: string;
  maxQty: number;
  weight: number;
  length: number;
  width: number;
  height: number;
  description: string;
}

export const saveSkus = async (customer: BulkCustomer, skus: readonly SkuPreset[]): Promise<void> => {
  await expectOk(`/api/auth/add-sku/${customer.userId}`, customer.token, { parsedData: skus });
};

/** Calls the bulk API directly as the customer (e.g. to see the server's own refusal). */
export const callAsCustomer = <T>(customer: BulkCustomer, path: string, body?: unknown): Promise<{ status: number; body: T }> => call<T>(path, customer.token, body);

export type BulkCsvRow = Partial<Record<(typeof BULK_TEMPLATE_COLUMNS)[number], string>>;

export const SERVICE = 'USPS Priority Mail';

/** A complete, valid template row; `n` makes the order ids and names unique. */
export const validCsvRow = (n: number, overrides: BulkCsvRow = {}): BulkCsvRow => ({
  orderId: `111-0000000-${String(1000000 + n)}`,
  orderItemId: String(10000000000000 + n),
  skuNumber: 'MUG-1',
  quantity: '1',
  courier: 'usps',
  ServiceName: SERVICE,
  FromSenderName: SENDER.name,
  FromCompany: SENDER.company,
  FromPhone: SENDER.phone,
  FromStreet1: SENDER.street,
  FromStreet2: '',
  FromCity: SENDER.city,
  FromStateProvince: SENDER.state,
  FromZipPostal: SENDER.zip,
  FromCountry: 'US',
  ToRecipientName: `Rita Receiver ${n}`,
  ToCompany: '',
  ToPhone: '',
  ToStreet1: `${100 + n} Fifth Avenue`,
  ToStreet2: '',
  ToCity: 'New York',
  ToStateProvince: 'NY',
  ToZipPostal: '10118',
  ToCountry: 'US',
  PackageLength: '10',
  PackageWidth: '8',
  PackageHeight: '4',
  PackageWeight: '2',
  PackageDescription: 'Ceramic mug',
  PackageReference1: '1',
  PackageReference2: 'MUG-1',
  ...overrides,
});

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A bulk CSV with the template's header row. */
export const bulkCsv = (rows: readonly BulkCsvRow[]): string =>
  [BULK_TEMPLATE_COLUMNS.join(','), ...rows.map((row) => BULK_TEMPLATE_COLUMNS.map((key) => csvCell(row[key] ?? '')).join(','))].join('\n');

/** The core columns of Amazon's unshipped-orders report (formats.md 3.1), with one extra column in the middle. */
const AMAZON_HEADER = [
  'order-id', 'order-item-id', 'purchase-date', 'payments-date', 'buyer-email', 'buyer-name', 'buyer-phone-number', 'sku', 'product-name',
  'quantity-purchased', 'quantity-shipped', 'quantity-to-ship', 'ship-service-level', 'recipient-name', 'ship-address-1', 'ship-address-2',
  'ship-address-3', 'ship-city', 'ship-state', 'ship-postal-code', 'ship-country', 'is-business-order', 'is-prime',
];

export interface AmazonLine {
  orderId: string;
  orderItemId: string;
  sku: string;
  quantity: number;
  recipient: string;
}

export const amazonReport = (lines: readonly AmazonLine[]): string =>
  [
    AMAZON_HEADER.join('\t'),
    ...lines.map((line) => {
      const cells: Record<string, string> = {
        'order-id': line.orderId,
        'order-item-id': line.orderItemId,
        'purchase-date': '2025-07-30T08:34:47+00:00',
        'payments-date': '2025-07-30T08:34:47+00:00',
        'buyer-email': 'buyer@marketplace.amazon.com',
        'buyer-name': line.recipient,
        'buyer-phone-number': '+1 206-555-0100 ext. 12345',
        sku: line.sku,
        'product-name': 'Ceramic mug, 12 oz',
        'quantity-purchased': String(line.quantity),
        'quantity-shipped': '0',
        'quantity-to-ship': String(line.quantity),
        'ship-service-level': 'Standard',
        'recipient-name': line.recipient,
        'ship-address-1': '350 Fifth Avenue',
        'ship-address-2': 'Floor 5',
        'ship-address-3': '',
        'ship-city': 'New York',
        'ship-state': 'New York',
        'ship-postal-code': '10118-0001',
        'ship-country': 'US',
        'is-business-order': 'false',
        'is-prime': 'false',
      };
      return AMAZON_HEADER.map((name) => cells[name] ?? '').join('\t');
    }),
  ].join('\r\n');

/** Signs the customer in and opens the Bulk Order page from the main navigation. */
export const openBulkOrder = async (page: Page, customer: Customer): Promise<void> => {
  await loginThroughUi(page, customer);
  await waitForPath(page, '/main/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bulk Order', exact: true }).click();
  await waitForPath(page, '/main/bulk-order');
  await page.getByRole('heading', { level: 1, name: 'Bulk Order' }).waitFor();
};

/** Hands a file to the page's upload area, as choosing it in the file dialog does. */
export const uploadBulkFile = async (page: Page, name: string, content: string): Promise<void> => {
  await page.getByTestId('bulk-file-input').setInputFiles({
    name,
    mimeType: name.endsWith('.csv') ? 'text/csv' : 'text/plain',
    buffer: Buffer.from(content, 'utf8'),
  });
};

/** A row of the Bulk Order Items table by its 1-based number. */
export const bulkRow = (page: Page, row: number) => page.locator(`tr[data-testid="bulk-row"][data-row="${row}"]`);

/** Edits one cell in place: click, type, Enter. */
export const editBulkCell = async (page: Page, row: number, column: string, value: string): Promise<void> => {
  const cell = bulkRow(page, row).locator(`td[data-col="${column}"]`);
  await cell.locator('button').click();
  const editor = cell.locator('input, select');
  if ((await editor.evaluate((node) => node.tagName)) === 'SELECT') await editor.selectOption(value);
  else await editor.fill(value);
  await editor.press('Enter');
};

export const pdfPageCount = async (bytes: Uint8Array): Promise<number> => (await PDFDocument.load(bytes)).getPageCount();

/** Rows of a CSV or TSV file without its header (a simple split: the result files quote nothing multi-line). */
export const dataLines = (text: string): string[] => text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');

/**
 * What the screen shows, not the whole page: a full-page capture stretches the viewport, which resizes the
 * windowed table and the sticky bar mid-capture. Saved with the other screenshots (git-ignored).
 */
export const saveViewScreenshot = (page: Page, name: string): Promise<void> => saveScreenshot(page, name, false);
