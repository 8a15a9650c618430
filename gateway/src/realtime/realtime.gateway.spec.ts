import { Logger } from '@nestjs/common';
import { ApiKeysRpc, OrdersRpc, type Caller } from '@labeldesk/contracts';
import { ownsOrAdmin, type RpcClient } from '@labeldesk/nest-transport';
import { CallerVerifier } from '../auth/caller-verifier';
import { VerifiedCallersCache } from '../auth/verified-callers.cache';
import { RealtimeGateway } from './realtime.gateway';

const USER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const CUSTOMER = '0b9e7c1d-5a4f-4c3b-9d2e-1f0a9b8c7d6e';
const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
const SESSION = [{ alg: 'HS256' }, { sub: USER, exp: Math.floor(Date.now() / 1000) + 3600 }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.') + '.signature';

const fakeSocket = (token: string) => ({ handshake: { auth: { token } }, data: {}, join: jest.fn(async () => undefined), disconnect: jest.fn(), emit: jest.fn() });

/** A gateway over an auth that vouches for USER whatever it is asked (so only the gateway's own rule can refuse). */
const setup = (session: { role: 'user' | 'admin'; twoFactorEnabled: boolean } = { role: 'user', twoFactorEnabled: false }, adminTwoFactorRequired = false) => {
  const rpc = {
    call: jest.fn(async (contract: { subject: string }, payload: unknown, options?: { caller?: Caller }) => {
      if (contract.subject === ApiKeysRpc.verify.subject) return { caller: { userId: USER, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] }, user: { id: USER }, keyId: 'key-1' };
      // The orders service's owner check, as it answers for a customer's batch (libs/nest-transport ownsOrAdmin).
      if (contract.subject === OrdersRpc.bulkGet.subject) {
        if (!ownsOrAdmin(options?.caller as Caller, CUSTOMER)) throw new Error('Order not found');
        return { _id: (payload as { orderId: string }).orderId, processedCount: 0, failedCount: 0, status: 'processing', totalCount: 1 };
      }
      return { caller: { userId: USER, role: session.role }, user: { id: USER, role: session.role, twoFactorEnabled: session.twoFactorEnabled } };
    }),
  };
  const callers = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000 }));
  return { realtime: new RealtimeGateway(rpc as unknown as RpcClient, callers, { ADMIN_2FA_REQUIRED: adminTwoFactorRequired }), callers, rpc };
};

describe('RealtimeGateway', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('takes a session token on a socket and puts the socket in its user\'s room', async () => {
    const { realtime } = setup();
    const socket = fakeSocket(SESSION);
    await realtime.handleConnection(socket as never);
    expect(socket.join).toHaveBeenCalledWith(`user_${USER}`);
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it("refuses a socket opened with an API key, even while the key's caller is kept from a request moments ago (sockets take session tokens only)", async () => {
    const { realtime, callers, rpc } = setup();
    await callers.verifyKey(KEY);
    const socket = fakeSocket(KEY);
    await realtime.handleConnection(socket as never);
    expect(socket.disconnect).toHaveBeenCalledWith(true);
    expect(socket.join).not.toHaveBeenCalled();
    // Refused by its shape: auth is never asked about a key as a session token.
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it("refuses an admin without two factors a customer's order room when ADMIN_2FA_REQUIRED is on, and lets them in once enrolled (decision 070)", async () => {
    const join = async (twoFactorEnabled: boolean) => {
      const { realtime } = setup({ role: 'admin', twoFactorEnabled }, true);
      const socket = fakeSocket(SESSION);
      await realtime.handleConnection(socket as never);
      await realtime.joinOrderRoom(socket as never, 'order_00000000-0000-4000-8000-000000000001').catch((error: unknown) => error);
      return socket;
    };
    const withheld = await join(false);
    expect(withheld.join).not.toHaveBeenCalledWith('order_00000000-0000-4000-8000-000000000001');
    const enrolled = await join(true);
    expect(enrolled.join).toHaveBeenCalledWith('order_00000000-0000-4000-8000-000000000001');
  });
});
