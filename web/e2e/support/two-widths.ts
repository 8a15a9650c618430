import type { Locator, Page } from 'playwright-core';
import { animationsDone, saveScreenshot } from './browser';

/**
 * What the window shows at a wide desktop (1440 px) and a phone (390 px) width, with `subject` (the card or dialog a
 * test is about) scrolled into view at each, saved as `<name>-<width>`; the window is put back to the suite's 1280 × 800.
 */
export const shootAtTwoWidths = async (page: Page, name: string, subject: Locator): Promise<void> => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await subject.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await saveScreenshot(page, `${name}-${width}`, false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};
