import { idSchema } from '@labeldesk/contracts';
import { batchIdFor } from './batch-id';

describe("a batch's id from its Idempotency-Key", () => {
  it('is the same for the same user and key, and a UUID the contracts take', () => {
    const id = batchIdFor('64faa7a8-7df1-45af-8339-ca741410161b', 'batch-0001');
    expect(batchIdFor('64faa7a8-7df1-45af-8339-ca741410161b', 'batch-0001')).toBe(id);
    expect(idSchema.safeParse(id).success).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs for another key or another user', () => {
    const id = batchIdFor('u1', 'batch-0001');
    expect(batchIdFor('u1', 'batch-0002')).not.toBe(id);
    expect(batchIdFor('u2', 'batch-0001')).not.toBe(id);
  });
});
