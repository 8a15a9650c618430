import { ErrorCode, type Caller } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import { SkuEntity } from './sku.entity';
import type { SkuRepository } from './sku.repository';
import { SkusController } from './skus.controller';
import type { ImportSkusUseCase } from './usecases/import-skus.usecase';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const STRANGER = 'a1b2c3d4-0000-4000-8000-000000000000';
const MUG = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const NO_SUCH_SKU = '00000000-0000-4000-8000-000000000000';

/** The repository's owner-scoped read as its query runs it: the row of that id, if its owner is in the scope. */
const setup = () => {
  const rows = [Object.assign(new SkuEntity(), { id: MUG, userId: OWNER, sku: 'MUG-1' })];
  const deleted: string[] = [];
  const skus = {
    findOwned: jest.fn(async (id: string, scope: OwnerScope) => {
      const owner = ownerFilterOf(scope).userId;
      return rows.find((row) => row.id === id && (owner === undefined || row.userId === owner)) ?? null;
    }),
    delete: jest.fn(async (id: string) => void deleted.push(id)),
  } as unknown as SkuRepository;
  return { controller: new SkusController(skus, {} as ImportSkusUseCase), deleted };
};

const answerTo = (caller: Caller, id: string) =>
  setup()
    .controller.remove(caller, { id })
    .then(
      () => 'deleted',
      (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
    );

describe('SkusController.remove', () => {
  it('deletes the SKU for its owner, and for an admin', async () => {
    for (const caller of [{ userId: OWNER, role: 'user' }, { userId: STRANGER, role: 'admin' }] satisfies Caller[]) {
      const { controller, deleted } = setup();
      await expect(controller.remove(caller, { id: MUG })).resolves.toEqual({ ok: true });
      expect(deleted).toEqual([MUG]);
    }
  });

  it("answers not found for another user's SKU, as for one that does not exist, and deletes nothing", async () => {
    const { controller, deleted } = setup();
    const stranger: Caller = { userId: STRANGER, role: 'user' };
    await expect(controller.remove(stranger, { id: MUG })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'SKU not found' });
    expect(await answerTo(stranger, MUG)).toBe(await answerTo(stranger, NO_SUCH_SKU));
    expect(deleted).toEqual([]);
  });

  it("refuses an admin whose powers are withheld another user's SKU with the 403 that says why, and deletes nothing", async () => {
    const { controller, deleted } = setup();
    const withheld: Caller = { userId: STRANGER, role: 'admin', adminPowersWithheld: true };
    await expect(controller.remove(withheld, { id: MUG })).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
    expect(deleted).toEqual([]);
  });
});
