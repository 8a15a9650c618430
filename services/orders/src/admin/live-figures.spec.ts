import { reportLabelsSql } from './label-report.sql';
import { liveOnly, OrdersStatsRepository } from './orders-stats.repository';
import type { MikroORM } from '@mikro-orm/postgresql';

const t = (name: string): string => `"orders"."${name}"`;
/** Every place a statement reads one of the label tables, with what follows it up to the next `where` or `select`. */
const readsOf = (sql: string, table: string): string[] => [...sql.matchAll(new RegExp(`"orders"\\."${table}" (\\w+)?([^]*?)(?=where|select|\\)|$)`, 'g'))].map((m) => m[0]);

describe("the admin's figures count live labels only (decision 127)", () => {
  it('the report and margins read single orders of live mode and batch labels through a live batch', () => {
    const sql = reportLabelsSql(t);
    expect(sql).toMatch(/from "orders"\."orders" o\s+where [^)]*o\."mode" = 'live'/);
    expect(readsOf(sql, 'bulk_items')).toEqual([expect.stringMatching(/join "orders"\."bulk_orders" bo on bo\."id" = i\."bulk_order_id" and bo\."mode" = 'live'/)]);
  });

  it("the dashboard's counts read every table through its live-only source", async () => {
    const statements: string[] = [];
    const orm = { em: { fork: () => ({ execute: async (sql: string) => (statements.push(sql), []) }) } } as unknown as MikroORM;
    const stats = new OrdersStatsRepository(orm);
    (stats as unknown as { t: (name: string) => string }).t = t;
    await stats.stats(30);
    const live = liveOnly(t);
    const outside = statements.map((sql) => Object.values(live).reduce((rest, source) => rest.split(source).join(''), sql));
    expect(statements.join('\n')).toContain(live.orders);
    expect(statements.join('\n')).toContain(live.batchLabels);
    expect(outside.join('\n')).not.toMatch(/"orders"\."(orders|bulk_orders|bulk_items)"/);
    expect(live.batchLabels).toMatch(/join "orders"\."bulk_orders" b on b\."id" = i\."bulk_order_id" and b\."mode" = 'live'/);
  });
});
