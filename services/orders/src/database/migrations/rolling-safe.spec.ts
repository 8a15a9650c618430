import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Migrations run when a pod starts, while the previous release's replicas still serve (rolling update, maxSurge 1 /
 * maxUnavailable 0), and a release can be rolled back: a migration may add, never take away what the running code
 * reads. Renaming or dropping a column, renaming a table or changing a column's type breaks those replicas, so a new
 * name lives in code only (an entity's fieldName, a row type mapped to the code's name). Every service's migrations
 * are read here, so one spec guards them all.
 */
const SERVICES = join(__dirname, '..', '..', '..', '..');

/** Released before this rule, with what made each safe enough then. Never add to this list. */
const RELEASED_EXCEPTIONS: Record<string, string> = {
  'address/migration-002-sku-unit-weight.ts': 'skus.weight → unit_weight, released 2026-11-26 before rolling updates were guarded',
};

const UNSAFE: Array<[string, RegExp]> = [
  ['renames a column', /\brename\s+(?:column\s+)?(?:"[^"]+"|\w+)\s+to\b/i],
  ['renames a table', /\brename\s+to\b/i],
  ['drops a column', /\bdrop\s+(?:column\b|"[^"]+")/i],
  ["changes a column's type", /\balter\s+(?:column\s+)?(?:"[^"]+"|\w+)\s+(?:set\s+data\s+)?type\b/i],
];

const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** What of UNSAFE a migration's source does. */
const unsafeChanges = (source: string): string[] => UNSAFE.filter(([, pattern]) => pattern.test(withoutComments(source))).map(([what]) => what);

const migrations = (): Array<{ key: string; source: string }> =>
  readdirSync(SERVICES).flatMap((service) => {
    const dir = join(SERVICES, service, 'src', 'database', 'migrations');
    const files = (() => {
      try {
        return readdirSync(dir).filter((file) => /^migration-\d+.*\.ts$/.test(file));
      } catch {
        return [];
      }
    })();
    return files.map((file) => ({ key: `${service}/${file}`, source: readFileSync(join(dir, file), 'utf8') }));
  });

describe('migrations are safe for a rolling update', () => {
  it("reads every service's migrations", () => {
    const services = new Set(migrations().map((m) => m.key.split('/')[0]));
    expect([...services].sort()).toEqual(expect.arrayContaining(['address', 'auth', 'orders', 'payments', 'pricing']));
  });

  it('never renames or drops a column, renames a table or changes a column type, but for the migrations released before this rule', () => {
    const offending = migrations()
      .filter((m) => !(m.key in RELEASED_EXCEPTIONS))
      .flatMap((m) => unsafeChanges(m.source).map((what) => `${m.key} ${what}`));
    expect(offending).toEqual([]);
  });

  it('lists as released exceptions only migrations that exist and still make such a change', () => {
    const byKey = new Map(migrations().map((m) => [m.key, m.source]));
    for (const key of Object.keys(RELEASED_EXCEPTIONS)) expect([key, unsafeChanges(byKey.get(key) ?? '').length > 0]).toEqual([key, true]);
  });

  it.each([
    ['alter table "orders"."orders" rename column "pdf_name" to "label_name"', 'renames a column'],
    ['alter table "orders"."orders" rename "pdf_name" to "label_name"', 'renames a column'],
    ['alter table "orders"."orders" rename to "single_orders"', 'renames a table'],
    ['alter table "orders"."orders" drop column "pdf_name"', 'drops a column'],
    ['alter table "orders"."orders" drop "pdf_name"', 'drops a column'],
    ['alter table "orders"."orders" alter column "price_cents" type bigint', "changes a column's type"],
    ['alter table "orders"."orders" alter "price_cents" set data type bigint', "changes a column's type"],
  ])('catches a migration whose SQL says %s', (sql, what) => {
    expect(unsafeChanges(`this.addSql(\`${sql.toUpperCase()}\`);`)).toContain(what);
  });

  it.each([
    'alter table "orders"."files" alter column "data" drop not null',
    'alter table "orders"."file_parts" alter column "data" set storage external',
    'alter table "orders"."orders" add column "label_format" text null',
    'alter table "orders"."orders" drop constraint "orders_status_check"',
    'alter table "orders"."orders" rename constraint "a" to "b"',
  ])('lets a migration through whose SQL says %s', (sql) => {
    expect(unsafeChanges(`this.addSql(\`${sql}\`);`)).toEqual([]);
  });
});
