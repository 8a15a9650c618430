import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './support/accounts';
import { animationsDone, dismissToasts, saveDownload, saveScreenshot, useBrowserPage, waitForPath } from './support/browser';
import { newBulkCustomer, setBalanceAsAdmin, type BulkCustomer } from './support/bulk-orders';
import { screenshotDir } from './support/env';
import { fillSingleOrder } from './support/order-form';
import { seriousAxeViolations } from './support/page-checks';

// Issue 49 / decision 096: a seller who prints on an office printer chooses Letter once, and every single label they
// download is the 4×6 label on the top half of an 8.5×11 sheet, read back by real readers (poppler, zbar).

const FLOW_TIMEOUT_MS = 180_000;
const WIDTHS = [1440, 1024, 390] as const;
const LETTER = { width: 612, height: 792 };
const FOUR_BY_SIX = { width: 288, height: 432 };

const run = (command: string, args: string[]): string => {
  const result = spawnSync(command, args, { encoding: 'latin1', timeout: 60_000 });
  if (result.error || result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
};

const pageSizes = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPages().map((page) => page.getSize());

/**
 * What poppler says of the sheet (its page size, the text a person printing it reads) and the barcodes zbar finds once
 * poppler draws it at 200 dpi; the PDF and the drawing are kept beside the screenshots, to look at.
 */
const readSheet = (bytes: Uint8Array, name: string): { info: string; text: string; barcodes: string[] } => {
  const folder = screenshotDir();
  mkdirSync(folder, { recursive: true });
  const base = join(folder, name);
  writeFileSync(`${base}.pdf`, bytes);
  run('pdftoppm', ['-r', '200', '-png', '-singlefile', `${base}.pdf`, base]);
  const barcodes = run('zbarimg', ['--raw', '-q', `${base}.png`])
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/\D/g, ''));
  return { info: run('pdfinfo', [`${base}.pdf`]), text: run('pdftotext', ['-layout', `${base}.pdf`, '-']), barcodes };
};

const downloadFrom = async (page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> => {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const bytes = readFileSync(await file.path());
  saveDownload(file.suggestedFilename(), bytes);
  return { name: file.suggestedFilename(), bytes };
};

/** A screen at each width, with `subject` in view: a screenshot, and no serious axe finding. */
const checkAtWidths = async (page: Page, subject: Locator, name: string): Promise<void> => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await subject.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await saveScreenshot(page, `${name}-${width}`, false);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

describe('Letter-size single labels', () => {
  const currentPage = useBrowserPage();
  let page: Page;
  let customer: BulkCustomer;

  beforeEach(async () => {
    page = currentPage();
    customer = await newBulkCustomer();
    await setBalanceAsAdmin(customer, 50_00);
  });

  it(
    'chooses Letter on the Account page, buys a label, and downloads it on the top half of an 8.5×11 sheet whose text and barcode still read, or once on 4×6; a batch starts on Letter 2-up',
    async () => {
      await openSignedIn(page, customer, '/main/account');
      const section = page.getByRole('region', { name: 'Label size' });
      const thermal = section.getByRole('radio', { name: '4×6 in' });
      const letter = section.getByRole('radio', { name: 'Letter, 8.5×11 in' });
      await page.waitForFunction(() => document.querySelector('[data-testid="label-size-section"] input[value="4x6"]:checked') !== null);
      expect([await thermal.isChecked(), await letter.isChecked()]).toEqual([true, false]);
      await checkAtWidths(page, section, 'letter-labels-settings-4x6');

      await section.getByText('Letter, 8.5×11 in', { exact: true }).click();
      await page.getByText('Labels now download on Letter, 8.5×11 in', { exact: true }).first().waitFor();
      await dismissToasts(page);
      await checkAtWidths(page, section, 'letter-labels-settings-letter');
      // Kept by the server: a fresh page reads Letter back.
      await page.reload();
      await page.waitForFunction(() => document.querySelector('[data-testid="label-size-section"] input[value="letter"]:checked') !== null);

      // A batch starts on Letter too, two labels a sheet, until the seller picks another format.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bulk Order', exact: true }).click();
      await waitForPath(page, '/main/bulk-order');
      await page.waitForFunction(() => document.querySelector('input[type="radio"][value="letter_2up"]:checked') !== null);

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Order Label', exact: true }).click();
      await waitForPath(page, '/main/order-label');
      await page.getByRole('combobox', { name: 'Service', exact: true }).selectOption({ label: 'USPS Priority Mail' });
      await fillSingleOrder(page, '2');
      await page.locator('[data-testid="live-price"][data-priced-weight="2"]:not([data-pricing])').filter({ hasText: /\$\d/ }).waitFor();
      await page.getByRole('button', { name: 'Order Label', exact: true }).click();
      const created = page.getByRole('dialog', { name: 'Label Created Successfully!' });
      await created.waitFor({ timeout: 45_000 });
      const tracking = (await created.getByTestId('created-tracking-number').textContent())?.trim() ?? '';
      expect(tracking).toMatch(/^\d{20,34}$/);
      await created.getByTestId('label-paper').filter({ hasText: 'Downloads on Letter, 8.5×11 in.' }).waitFor();
      await checkAtWidths(page, created.getByTestId('label-paper'), 'letter-labels-created');

      const sheet = await downloadFrom(page, created.getByRole('button', { name: 'Download Label', exact: true }));
      expect(sheet.name).toMatch(new RegExp(`^label_${tracking}_[A-Za-z0-9_-]{22}_letter\\.pdf$`));
      expect(await pageSizes(sheet.bytes)).toEqual([LETTER]);
      const read = readSheet(sheet.bytes, 'letter-labels-sheet');
      expect(read.info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
      expect(read.text.replace(/\s+/g, '')).toContain(tracking);
      expect(read.text).toContain('RITA RECEIVER');
      expect(read.text).toContain('Cut or fold along the dashed line.');
      expect(read.barcodes.some((digits) => digits.endsWith(tracking))).toBe(true);

      // One download on 4×6, whatever the preference: the carrier's own page.
      const once = await downloadFrom(page, created.getByRole('button', { name: 'Download 4×6', exact: true }));
      expect(once.name).toMatch(new RegExp(`^label_${tracking}_[A-Za-z0-9_-]{22}\\.pdf$`));
      expect(await pageSizes(once.bytes)).toEqual([FOUR_BY_SIX]);

      // A re-download from Orders follows the preference too.
      await created.getByRole('link', { name: 'View orders', exact: true }).click();
      await waitForPath(page, '/main/orders');
      const row = page.getByTestId('order-row').filter({ hasText: 'Rita Receiver' }).first();
      const again = await downloadFrom(page, row.getByRole('button', { name: 'Download', exact: true }));
      expect(again.name).toBe(sheet.name);
      expect(await pageSizes(again.bytes)).toEqual([LETTER]);
    },
    FLOW_TIMEOUT_MS,
  );
});
