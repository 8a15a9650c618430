import { ErrorCode, type AnyCaller, type Caller, type Hold } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf, ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import { HoldsController } from './holds.controller';
import type { HoldRepository } from './hold.repository';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const STRANGER = 'a1b2c3d4-0000-4000-8000-000000000000';
const HOLD = 'bulk:0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const hold: Hold = { holdId: HOLD, userId: OWNER, amountCents: 500, capturedCents: 0, releasedCents: 0, status: 'open', reference: 'bulk' };

/** The repository's owner-scoped read as its query runs it: the hold of that id, if its owner is in the scope. */
const controller = new HoldsController({
  findOwned: async (holdId: string, scope: OwnerScope) => {
    const owner = ownerFilterOf(scope).userId;
    return holdId === hold.holdId && (owner === undefined || owner === hold.userId) ? hold : null;
  },
} as unknown as HoldRepository);

const policies = new Map(handlerCallersOf(HoldsController).map((handler) => [handler.where.split('.')[1], handler.policy]));
const refusalOf = (method: string, caller: AnyCaller, payload: object): string => {
  const policy = policies.get(method);
  if (!policy) throw new Error(`${method} declares no policy`);
  try {
    enforceHandlerAccess(policy, caller, payload);
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('HoldsController', () => {
  it.each<[string, AnyCaller]>([
    ['the owner', { userId: OWNER, role: 'user' }],
    ['an admin', { userId: STRANGER, role: 'admin' }],
    ['another service', { service: 'pricing' }],
  ])('lets only orders place, capture or release a hold: %s is refused before the handler runs', (_case, caller) => {
    for (const method of ['onPlace', 'onCapture', 'onRelease']) {
      expect([method, refusalOf(method, caller, { userId: OWNER, holdId: HOLD })]).toEqual([method, ErrorCode.FORBIDDEN]);
      expect([method, refusalOf(method, { service: 'orders' }, { userId: OWNER, holdId: HOLD })]).toEqual([method, 'allowed']);
    }
  });

  it('shows a hold to its owner, an admin and orders', async () => {
    for (const caller of [{ userId: OWNER, role: 'user' }, { userId: STRANGER, role: 'admin' }, { service: 'orders' }] satisfies AnyCaller[]) {
      await expect(controller.onGet(caller, { holdId: HOLD })).resolves.toEqual(hold);
    }
  });

  it("answers not found for another user's hold, as for one that does not exist", async () => {
    const stranger: Caller = { userId: STRANGER, role: 'user' };
    const missing = 'bulk:00000000-0000-4000-8000-000000000000';
    await expect(controller.onGet(stranger, { holdId: HOLD })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: `Hold ${HOLD} not found` });
    await expect(controller.onGet(stranger, { holdId: missing })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: `Hold ${missing} not found` });
  });
});
