import { ErrorCode } from '@labeldesk/contracts';
import { API_EXAMPLES } from '../docs/api-examples';
import { StrictBody } from './strict-body.pipe';
import { unknownFields } from './unknown-fields';
import { v1RatesBodySchema, v1ShipmentBodySchema, v1ShipmentsQuerySchema } from './v1.schemas';

const purchase = () => structuredClone(API_EXAMPLES['v1ShipmentsBuy']?.[0]?.body) as Record<string, Record<string, unknown>>;

describe('a v1 body refuses the fields it does not name', () => {
  it('takes the documented purchase as it is', () => {
    expect(unknownFields(v1ShipmentBodySchema, purchase())).toEqual([]);
    expect(new StrictBody(v1ShipmentBodySchema).transform(purchase())).toMatchObject({ reference: expect.any(String), metadata: expect.any(Object) });
  });

  it('names an unknown field at the top and inside the addresses and the package, by its path', () => {
    const body = purchase();
    body['colour'] = 'red' as never;
    (body['sender'] as Record<string, unknown>)['sender_nmae'] = 'Ann';
    (body['package'] as Record<string, unknown>)['package_wieght'] = 3;
    expect(unknownFields(v1ShipmentBodySchema, body).sort()).toEqual(['colour', 'package.package_wieght', 'sender.sender_nmae']);
    expect(() => new StrictBody(v1ShipmentBodySchema).transform(body)).toThrow(
      expect.objectContaining({
        code: ErrorCode.VALIDATION_FAILED,
        issues: expect.arrayContaining([{ path: 'sender.sender_nmae', message: 'Unknown field: sender.sender_nmae' }]),
      }),
    );
  });

  it('takes any key inside metadata (its keys are the integrator\'s), but not a nested object there', () => {
    const body = purchase();
    body['metadata'] = { shop_order: '1001', 'any.key-name': 'x' };
    expect(unknownFields(v1ShipmentBodySchema, body)).toEqual([]);
    body['metadata'] = { nested: { a: '1' } } as never;
    expect(() => new StrictBody(v1ShipmentBodySchema).transform(body)).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, issues: [expect.objectContaining({ path: 'metadata.nested' })] }));
  });

  it('refuses a reference over 100 characters, metadata of 21 keys, and a number where text goes, naming each', () => {
    const pipe = new StrictBody(v1ShipmentBodySchema);
    const long = { ...purchase(), reference: 'r'.repeat(101) };
    expect(() => pipe.transform(long)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'reference', message: 'reference is at most 100 characters' })] }));
    const many = { ...purchase(), metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) };
    expect(() => pipe.transform(many)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'metadata', message: 'metadata holds at most 20 keys' })] }));
    const number = { ...purchase(), reference: 1001 };
    expect(() => pipe.transform(number)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'reference', message: 'reference must be text' })] }));
  });

  it('refuses a user id: a shipment is always the credential\'s own', () => {
    expect(() => new StrictBody(v1ShipmentBodySchema).transform({ ...purchase(), user_id: 'someone' })).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'user_id' })] }));
  });

  it('refuses a rates body with the web app\'s userId, and an unknown query parameter of the list', () => {
    expect(unknownFields(v1RatesBodySchema, { userId: 'x', sender: {}, receiver: {}, package: {} })).toEqual(['userId']);
    expect(unknownFields(v1ShipmentsQuerySchema, { limit: '1', page: '2' })).toEqual(['page']);
  });
});

describe('the v1 list query', () => {
  it('pages 10 at a time by default and at most 100', () => {
    expect(v1ShipmentsQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(v1ShipmentsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('filters by status, reference and a window of creation times in order', () => {
    const query = { status: 'completed', reference: 'PO-1', created_gte: '2026-11-01T00:00:00Z', created_lt: '2026-12-01T00:00:00+01:00' };
    expect(v1ShipmentsQuerySchema.parse(query)).toEqual({ limit: 10, ...query });
    expect(v1ShipmentsQuerySchema.safeParse({ created_gte: '2026-12-01T00:00:00Z', created_lt: '2026-11-01T00:00:00Z' }).error?.issues[0]?.path).toEqual(['created_gte']);
    expect(v1ShipmentsQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(v1ShipmentsQuerySchema.safeParse({ created_gte: 'yesterday' }).success).toBe(false);
  });
});
