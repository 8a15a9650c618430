import { AuthRpc, ErrorCode, PaymentsRpc, type AnyRpcContract } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CallContext } from '../auth/request-context';
import type { UserViewService } from '../users/user-view.service';
import { UsersAdminController } from './users-admin.controller';

const ADMIN_ID = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const CUSTOMER_ID = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const ctx: CallContext = { caller: { userId: ADMIN_ID, role: 'admin' }, correlationId: 'c1' };

const setup = () => {
  const rpc = { call: jest.fn(async (_contract: AnyRpcContract, payload: { userId: string }) => ({ id: payload.userId })) };
  const users = { one: jest.fn(async (user: { id: string }) => ({ _id: user.id })), accountChanged: jest.fn() };
  const controller = new UsersAdminController(rpc as unknown as RpcClient, users as unknown as UserViewService);
  const subjects = () => rpc.call.mock.calls.map(([contract]) => contract.subject);
  return { controller, subjects };
};

describe('UsersAdminController.details', () => {
  it("sets another user's balance through a ledger adjustment", async () => {
    const { controller, subjects } = setup();
    await expect(controller.details(CUSTOMER_ID, { balance: 5_000 }, 'key-00000001', ctx)).resolves.toEqual({ _id: CUSTOMER_ID });
    expect(subjects()).toEqual([PaymentsRpc.adjustBalance.subject, AuthRpc.getUser.subject]);
  });

  it("refuses an admin's own balance with a 400 and changes nothing, not even the referral code sent with it", async () => {
    const { controller, subjects } = setup();
    await expect(controller.details(ADMIN_ID, { balance: 1_000_000, referralCode: 'MINE' }, 'key-00000001', ctx)).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'You cannot change your own balance',
    });
    expect(subjects()).toEqual([]);
  });

  it('still lets an admin change their own referral code', async () => {
    const { controller, subjects } = setup();
    await controller.details(ADMIN_ID, { referralCode: 'MINE' }, 'key-00000001', ctx);
    expect(subjects()).toEqual([AuthRpc.setReferralCode.subject, AuthRpc.getUser.subject]);
  });
});
