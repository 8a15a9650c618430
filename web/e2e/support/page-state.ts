import type { Locator, Page } from 'playwright-core';

/**
 * Waits until the page has painted what it already knows: two animation frames, so a state change made before the call
 * (an answer that arrived, a navigation the router's effects make, a table measured into cards) is rendered, and any
 * effect it set off has run. A state, not a time: the frames come as fast as the page can draw, however busy the machine.
 */
export const animationFrames = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Refreshes the Orders list (its Refresh button) until `wanted` is on it, each time waiting for the list's answer to be
 * on screen: for a change the list does not follow by itself, e.g. a label bought through the API after the page loaded.
 */
export const refreshOrdersUntil = async (page: Page, wanted: Locator): Promise<void> => {
  while ((await wanted.count()) === 0) {
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/order-search?') && response.request().method() === 'GET'),
      page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    ]);
    await animationFrames(page);
  }
};
