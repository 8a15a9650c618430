// CI's verdict over jest's --json reports: every test ran and passed. A skipped, pending or to-do test fails the run,
// because a check that quietly did not run (a missing system package, a build that was not there) reads as a pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_STATUSES = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** One report's counts and the full names of the tests that did not run. */
export const summarise = (report) => {
  const skipped = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (SKIPPED_STATUSES.has(test.status)) skipped.push(`${file.name}: ${test.fullName ?? test.title}`);
    }
  }
  const skippedCount = Math.max(skipped.length, (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0));
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: skippedCount, skippedNames: skipped, suitesFailed: report.numFailedTestSuites ?? 0 };
};

/** The verdict over named reports: the lines to print and whether CI passes. */
export const verdict = (reports) => {
  const lines = [];
  let passed = 0, failed = 0, skipped = 0, suitesFailed = 0;
  for (const [name, report] of reports) {
    const s = summarise(report);
    lines.push(`${name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
    for (const test of s.skippedNames) lines.push(`  skipped: ${test}`);
    passed += s.passed; failed += s.failed; skipped += s.skipped; suitesFailed += s.suitesFailed;
  }
  if (skipped > 0) lines.push(`${skipped} test(s) did not run: CI fails on a skipped test`);
  if (suitesFailed > 0) lines.push(`${suitesFailed} test file(s) failed to run`);
  lines.push(skipped > 0 ? `${passed} passed, ${failed} failed, ${skipped} skipped` : `${passed} passed, ${failed} failed`);
  return { lines, ok: failed === 0 && skipped === 0 && suitesFailed === 0 && passed > 0 };
};

const main = (dir) => {
  const reports = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('k8s')).sort()
    .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))]);
  const { lines, ok } = verdict(reports);
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
};

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main(process.argv[2]);
