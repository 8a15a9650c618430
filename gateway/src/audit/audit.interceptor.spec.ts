import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthAuditRpc, DomainError, ErrorCode, type AnyRpcContract, type Caller } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { lastValueFrom, of, throwError } from 'rxjs';
import { LabelLifecycleController } from '../http/label-lifecycle.controller';
import { InviteController } from '../http/invite.controller';
import { UsersAdminController } from '../http/users-admin.controller';
import { AuditInterceptor } from './audit.interceptor';

const ADMIN_ID = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const OTHER_ADMIN_ID = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';

/** The login-as route as Nest hands it to the interceptor: its handler (with its @Audited spec) and the request. */
const loginAsContext = (): ExecutionContext => {
  const request = { params: { id: OTHER_ADMIN_ID }, caller: { userId: ADMIN_ID, role: 'admin' }, correlationId: 'c1' };
  return {
    getType: () => 'http',
    getHandler: () => UsersAdminController.prototype.loginAsUser,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

/** A label voided through the route open to its owner too, by `caller`. */
const voidContext = (caller: Caller): ExecutionContext => {
  const request = { params: { orderId: 'order-1' }, caller, correlationId: 'c2' };
  return {
    getType: () => 'http',
    getHandler: () => LabelLifecycleController.prototype.voidLabel,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

/** A referral code applied by `caller` (the customer themselves, or an admin signed in as them). */
const referralContext = (caller: Caller): ExecutionContext => {
  const request = { params: {}, caller, correlationId: 'c3' };
  return {
    getType: () => 'http',
    getHandler: () => InviteController.prototype.apply,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

const setup = (context: () => ExecutionContext = loginAsContext) => {
  const rpc = { call: jest.fn(async (_contract: AnyRpcContract, _payload: unknown) => ({ id: 'entry-1' })) };
  const interceptor = new AuditInterceptor(new Reflector(), rpc as unknown as RpcClient);
  const run = async (answer: CallHandler['handle']) => lastValueFrom(await interceptor.intercept(context(), { handle: answer }));
  const recorded = () => rpc.call.mock.calls.filter(([contract]) => contract === AuthAuditRpc.record).map(([, entry]) => entry);
  return { run, recorded };
};

describe('AuditInterceptor', () => {
  it('records a refused attempt to sign in as another admin, and the refusal still reaches the admin', async () => {
    const { run, recorded } = setup();
    const refusal = new DomainError(ErrorCode.FORBIDDEN, 'You cannot log in as another admin');
    await expect(run(() => throwError(() => refusal))).rejects.toBe(refusal);
    expect(recorded()).toEqual([
      { action: 'user.login-as-refused', targetType: 'user', targetId: OTHER_ADMIN_ID, before: null, after: { refused: 'You cannot log in as another admin' } },
    ]);
  });

  it('records a successful sign-in as a user as before', async () => {
    const { run, recorded } = setup();
    await expect(run(() => of({ token: 't' }))).resolves.toEqual({ token: 't' });
    expect(recorded()).toEqual([{ action: 'user.login-as', targetType: 'user', targetId: OTHER_ADMIN_ID, before: null, after: null }]);
  });

  it('records nothing for a failure that is not a refusal (the user does not exist)', async () => {
    const { run, recorded } = setup();
    await expect(run(() => throwError(() => new DomainError(ErrorCode.NOT_FOUND, 'User not found')))).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(recorded()).toEqual([]);
  });

  it('records a label voided by an admin signed in as its owner (auth names the admin, acting as the customer)', async () => {
    const { run, recorded } = setup(() => voidContext({ userId: 'customer-1', role: 'user', authMethod: 'login_as', impersonatorId: ADMIN_ID }));
    await run(() => of({ voided: true }));
    expect(recorded()).toEqual([{ action: 'label.void', targetType: 'order', targetId: 'order-1', before: null, after: null }]);
  });

  it('records the referrer an admin set signed in as the customer, with the customer as the target and their state before and after', async () => {
    const { run, recorded } = setup(() => referralContext({ userId: 'customer-1', role: 'user', authMethod: 'login_as', impersonatorId: ADMIN_ID }));
    await run(() => of({ success: true }));
    expect(recorded()).toEqual([expect.objectContaining({ action: 'user.referrer-set', targetType: 'user', targetId: 'customer-1', before: expect.any(Object), after: expect.any(Object) })]);
  });

  it('records nothing for a referral code an admin applies to their own account (their own action, not one on a customer)', async () => {
    const { run, recorded } = setup(() => referralContext({ userId: ADMIN_ID, role: 'admin', authMethod: 'session' }));
    await run(() => of({ success: true }));
    expect(recorded()).toEqual([]);
  });

  it('records nothing for a referral code a customer applies in their own session', async () => {
    const { run, recorded } = setup(() => referralContext({ userId: 'customer-1', role: 'user', authMethod: 'session' }));
    await run(() => of({ success: true }));
    expect(recorded()).toEqual([]);
  });

  it("records nothing for a label voided by its owner in their own session (not an admin's action)", async () => {
    const { run, recorded } = setup(() => voidContext({ userId: 'customer-1', role: 'user', authMethod: 'session' }));
    await run(() => of({ voided: true }));
    expect(recorded()).toEqual([]);
  });
});
