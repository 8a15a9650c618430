import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Every decision in docs/decisions says near its top whether it still holds, so a reader never follows one that was
// withdrawn or replaced; a withdrawn one stays as a record with its reason instead of being deleted.
const folder = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => ({ name, number: name.slice(0, 3), lines: readFileSync(join(folder, name), 'utf8').split('\n') }));
const numbers = new Set(records.map((r) => r.number));
const STATUS = /^Status: (accepted|superseded by \d{3}|withdrawn)\b/;

/** The record's status paragraph: from its `Status:` line, within the first five lines, to the next blank line. */
function statusOf({ lines }) {
  const start = lines.slice(0, 5).findIndex((line) => line.startsWith('Status:'));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}

describe('Decision records', () => {
  it('are numbered from 001 with no number missing or used twice', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((r) => r.number)).toEqual(records.map((_, i) => String(i + 1).padStart(3, '0')));
  });

  it('each say near the top whether they are accepted, superseded or withdrawn', () => {
    const lacking = records.filter((r) => !STATUS.test(statusOf(r) ?? '')).map((r) => r.name);
    expect(lacking).toEqual([]);
  });

  it('name only decisions that exist when they say what amends or supersedes them', () => {
    const named = (status) =>
      [...status.matchAll(/(?:amended by|superseded by|amends|supersedes)\s+\[?(\d{3})(?:\]\([^)]*\))?((?:,\s*\d{3})*)/gi)].flatMap((m) => [m[1], ...(m[2].match(/\d{3}/g) ?? [])]);
    const dangling = records.flatMap((r) => named(statusOf(r) ?? '').filter((n) => !numbers.has(n)).map((n) => `${r.name}: ${n}`));
    expect(dangling).toEqual([]);
  });

  it('give the reason when withdrawn', () => {
    const bare = records.filter((r) => /^Status: withdrawn\W*$/.test(statusOf(r) ?? '')).map((r) => r.name);
    expect(bare).toEqual([]);
  });
});
