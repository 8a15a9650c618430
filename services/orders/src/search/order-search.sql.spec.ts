import type { OrderSearchFilters } from '@labeldesk/contracts';
import { EVERY_OWNER } from '@labeldesk/nest-transport';
import { batchSearchWhere } from './batch-search.sql';
import { orderSearchWhere } from './order-search.sql';
import { contains, escapeLike, startsWith } from './search-conditions';

const SELLER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const none: OrderSearchFilters = {};

describe('order search conditions', () => {
  it('limits a customer to their own orders, bound as a value', () => {
    expect(orderSearchWhere(none, { userId: SELLER })).toEqual({ sql: 'o."user_id" = ? and o."mode" = ?', params: [SELLER, 'live'] });
  });

  it('adds no owner condition for an admin, unless they ask for one customer', () => {
    expect(orderSearchWhere(none, EVERY_OWNER)).toEqual({ sql: 'o."mode" = ?', params: ['live'] });
    expect(orderSearchWhere({ userId: OTHER }, EVERY_OWNER)).toEqual({ sql: 'o."user_id" = ? and o."mode" = ?', params: [OTHER, 'live'] });
  });

  it("keeps a customer's own scope when they ask for another user's orders, so they find none", () => {
    const where = orderSearchWhere({ userId: OTHER }, { userId: SELLER });
    expect(where.sql).toBe('o."user_id" = ? and o."user_id" = ? and o."mode" = ?');
    expect(where.params).toEqual([SELLER, OTHER, 'live']);
  });

  it("matches the text at the start of the id and tracking number and anywhere in the receiver's name and references, ignoring case", () => {
    const where = orderSearchWhere({ q: 'Smi' }, EVERY_OWNER);
    expect(where.sql).toContain(`o."id"::text like ?`);
    expect(where.sql).toContain(`lower(o."tracking_number") like ?`);
    expect(where.sql).toContain(`lower(o."receiver"->>'receiver_name') like ?`);
    expect(where.params).toEqual(['live', 'smi%', 'smi%', '%smi%', '%smi%', '%smi%']);
  });

  it('reads a completed order as one whose label nobody voided, and a voided one by its void', () => {
    expect(orderSearchWhere({ state: 'completed' }, EVERY_OWNER).sql).toBe(`o."mode" = ? and o."status" = 'completed' and v."state" is null`);
    expect(orderSearchWhere({ state: 'refunded' }, EVERY_OWNER).sql).toBe(`o."mode" = ? and v."state" = 'refunded'`);
    expect(orderSearchWhere({ state: 'pending' }, EVERY_OWNER).sql).toBe(`o."mode" = ? and o."status" = 'pending'`);
  });

  it('filters the service ignoring case, the courier exactly, and UTC days inclusive of the last', () => {
    const where = orderSearchWhere({ service: 'USPS Ground Advantage', carrier: 'ups', from: '2025-06-01', to: '2025-06-30' }, EVERY_OWNER);
    expect(where.sql).toBe(
      `o."mode" = ? and lower(o."service_name") = lower(?) and o."courier" = ? and o."created_at" >= (?::date at time zone 'utc') and o."created_at" < ((?::date + 1) at time zone 'utc')`,
    );
    expect(where.params).toEqual(['live', 'USPS Ground Advantage', 'ups', '2025-06-01', '2025-06-30']);
  });

  it('reads live orders unless test ones are asked for, never both (decision 119)', () => {
    expect(orderSearchWhere({ mode: 'test' }, { userId: SELLER })).toEqual({ sql: 'o."user_id" = ? and o."mode" = ?', params: [SELLER, 'test'] });
  });

  it("reads an export's next part after the last row's time and id", () => {
    const where = orderSearchWhere(none, { userId: SELLER }, { createdAt: '2025-06-01T10:00:00.123456Z', id: OTHER });
    expect(where.sql).toBe(`o."user_id" = ? and o."mode" = ? and (o."created_at", o."id") < (?::timestamptz, ?::uuid)`);
    expect(where.params).toEqual([SELLER, 'live', '2025-06-01T10:00:00.123456Z', OTHER]);
  });
});

describe('batch search conditions', () => {
  it('never finds a draft, and finds a batch by its id or any part of its files', () => {
    const where = batchSearchWhere({ q: 'Labels_06', status: 'completed' }, { userId: SELLER });
    expect(where.sql).toMatch(/^b\."status" <> 'draft' and b\."user_id" = \? and b\."mode" = \? and \(b\."id"::text like \? or lower\(b\."pdf_name"\) like \?/);
    expect(where.sql).toContain(`and b."status" = ?`);
    expect(where.params).toEqual([SELLER, 'live', 'labels\\_06%', '%labels\\_06%', '%labels\\_06%', '%labels\\_06%', 'completed']);
  });

  it("finds one mode's batches: live unless test is asked (decision 127)", () => {
    const where = batchSearchWhere({ mode: 'test' }, { userId: SELLER });
    expect([where.sql, where.params]).toEqual([`b."status" <> 'draft' and b."user_id" = ? and b."mode" = ?`, [SELLER, 'test']]);
  });
});

describe('search text as a LIKE pattern', () => {
  it('matches %, _ and backslash as typed', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(startsWith('AB%')).toBe('ab\\%%');
    expect(contains('o_k')).toBe('%o\\_k%');
  });
});
