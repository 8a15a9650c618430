import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** What the accessibility and layout browser tests measure on a screen: axe's findings and tables that do not fit. */

const AXE_SCRIPT = join(__dirname, '..', '..', '..', 'node_modules', 'axe-core', 'axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let axeSourceText: string | undefined;
const axeSource = (): string => (axeSourceText ??= readFileSync(AXE_SCRIPT, 'utf8'));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

declare global {
  interface Window {
    axe?: { run: (context: Document, options: { runOnly: { type: 'tag'; values: string[] } }) => Promise<{ violations: AxeViolation[] }> };
  }
}

/** Every serious or critical axe finding (WCAG 2.0/2.1 A and AA) on the page as it is now, one line per element. */
export const seriousAxeViolations = async (page: Page): Promise<string[]> => {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource());
  // Colours are read as they are drawn: a button just enabled is still fading in (a CSS transition) and would be judged
  // at a colour it only passes through. Wait for every finite animation to end (spinners run for ever and are left).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const violations = await page.evaluate(async (tags) => {
    if (!window.axe) throw new Error('axe-core did not load');
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`),
    }));
  }, AXE_TAGS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.targets.map((target) => `${violation.impact} ${violation.id} (${violation.help}) at ${target}`));
};

/**
 * Where the page or a table scrolls sideways (a frame marked `data-layout="sheet"`, the bulk spreadsheet, may), or a control in a table row lies outside the viewport or outside the
 * visible part of its table; one line per problem, empty when everything fits.
 */
export const tableLayoutProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    const viewportWidth = window.innerWidth;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > viewportWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${viewportWidth} px window`);
    const scrollerOf = (element: Element): Element | null => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        // A row of cards that scrolls sideways by design (Default Services) is not the table's frame.
        if (node.getAttribute('data-layout') === 'carousel') continue;
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(node).overflowX)) return node;
      }
      return null;
    };
    const nameOf = (element: Element): string =>
      (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).replace(/\s+/g, ' ').trim().slice(0, 40);
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const tableBox = table.getBoundingClientRect();
      if (tableBox.width === 0) continue;
      const tableName = table.getAttribute('aria-label') ?? 'unnamed table';
      const scroller = scrollerOf(table);
      let left = 0;
      let right = viewportWidth;
      // A spreadsheet (the bulk table) scrolls sideways by design; only its row headers' controls must stay in view.
      const sheet = scroller?.getAttribute('data-layout') === 'sheet';
      if (scroller) {
        if (!sheet && scroller.scrollWidth > scroller.clientWidth + 1) {
          problems.push(`table "${tableName}" scrolls sideways: ${scroller.scrollWidth} px of content in ${scroller.clientWidth} px`);
        }
        const box = scroller.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      const controls = Array.from(
        table.querySelectorAll(
          sheet ? 'tbody th button' : 'tbody button, tbody a[href], tbody select, tbody input:not([type="checkbox"]):not([type="radio"])',
        ),
      );
      for (const control of controls.slice(0, 60)) {
        const box = control.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue; // visually hidden helpers (a switch's input)
        if (box.left < left - 1 || box.right > right + 1) {
          problems.push(
            `table "${tableName}": "${nameOf(control)}" spans x ${Math.round(box.left)}–${Math.round(box.right)}, visible is ${Math.round(left)}–${Math.round(right)}`,
          );
        }
      }
    }
    return problems;
  });
