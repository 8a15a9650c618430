import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, errors } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, screenshotDir } from './env';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export const newDesktopContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

/**
 * Keeps the final state of a flow for people to look at (the whole page, or what the window shows); the folder is
 * git-ignored. JPEG: encoding a full page as PNG costs the browser about twice the time, for files only looked at.
 * A screenshot is not what a test checks: when a starved browser cannot capture a whole page within Playwright's
 * 30 s (it happened with two systems and two browsers on two cores), what the window shows is kept instead and the
 * test goes on, rather than failing a flow that worked.
 */
export const saveScreenshot = async (page: Page, name: string, fullPage = true): Promise<void> => {
  mkdirSync(screenshotDir(), { recursive: true });
  const path = join(screenshotDir(), `${name}.jpg`);
  try {
    await page.screenshot({ path, fullPage, type: 'jpeg', quality: 80 });
  } catch (error) {
    if (!fullPage || !(error instanceof errors.TimeoutError)) throw error;
    console.warn(`${name}: the whole page could not be captured in time; keeping what the window shows`);
    await page.screenshot({ path, fullPage: false, type: 'jpeg', quality: 80 });
  }
};

/** Keeps a file a flow downloaded (e.g. a label PDF) beside the screenshots, for people to look at. */
export const saveDownload = (name: string, bytes: Uint8Array): void => {
  mkdirSync(screenshotDir(), { recursive: true });
  writeFileSync(join(screenshotDir(), name), bytes);
};

/** What the page's scripts reported going wrong, per page, for a failure's message (the last few are enough). */
const pageProblems = new WeakMap<Page, string[]>();
const recordProblems = (page: Page): void => {
  const problems: string[] = [];
  pageProblems.set(page, problems);
  const keep = (text: string): void => {
    problems.push(text.slice(0, 300));
    if (problems.length > 5) problems.shift();
  };
  page.on('pageerror', (error) => keep(`page error: ${String(error)}`));
  page.on('console', (message) => message.type() === 'error' && keep(`console error: ${message.text()}`));
  page.on('requestfailed', (request) => keep(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
};

/**
 * What a user would see when a wait ran out: where the page is, what has focus, whether a menu or dialog is open and
 * what the scripts reported. A browser test that fails in CI once is otherwise a screenshot nobody can fetch.
 */
const describePage = async (page: Page): Promise<string> => {
  const seen = await page
    .evaluate(() => {
      const open = document.querySelectorAll('[role="menu"][data-state="open"], [role="dialog"]').length;
      const focused = document.activeElement;
      const role = focused?.getAttribute('role');
      const focus =
        !focused || focused === document.body
          ? 'on the page'
          : `${focused.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${(focused.textContent ?? '').trim().slice(0, 40)}"`;
      const heading = document.querySelector('h1')?.textContent?.trim() ?? 'no h1';
      return `heading "${heading}", focus ${focus}, open menus or dialogs ${open}`;
    })
    .catch((error: unknown) => `the page could not be read (${String(error)})`);
  const problems = pageProblems.get(page) ?? [];
  return `at ${page.url()}: ${seen}; ${problems.length ? problems.join(' | ') : 'no script errors'}`;
};

/** Waits until the address bar shows exactly this path (ignoring query and hash); a timeout says where the page is. */
export const waitForPath = async (page: Page, path: string): Promise<void> => {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    throw new Error(`the page did not reach ${path} within 15 s, ${await describePage(page)}`, { cause: error });
  }
};

/** Registers the hooks every browser spec needs: one browser per file, a fresh desktop context and page per test. */
export const useBrowserPage = (): (() => Page) => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    appUrl('/'); // fails fast with a clear message when E2E_BASE_URL is missing
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser did not start');
    context = await newDesktopContext(browser);
    page = await context.newPage();
    recordProblems(page);
  });
  afterEach(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error('no page: call inside a test');
    return page;
  };
};

/**
 * Closes every notification the way a user would (its Dismiss button). Toasts sit over the top of the page and pause
 * while the pointer is on them, so one can cover the next button a test clicks for as long as the test keeps trying.
 */
export const dismissToasts = async (page: Page, timeoutMs = 10_000): Promise<void> => {
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  const deadline = Date.now() + timeoutMs;
  while ((await toasts.count()) > 0) {
    if (Date.now() > deadline) throw new Error('a notification would not close');
    await page
      .getByRole('button', { name: 'Dismiss notification' })
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(100);
  }
};

/**
 * Waits for the page's finite animations (a dialog or drawer fading and sliding in) to end, so a screenshot shows the
 * screen as people see it and a click lands where the control comes to rest; spinners run forever and are left out.
 */
export const animationsDone = (page: Page): Promise<unknown> =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
