import { Logger } from '@nestjs/common';
import { ApiKeysRpc } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { CallerVerifier } from '../auth/caller-verifier';
import { VerifiedCallersCache } from '../auth/verified-callers.cache';
import { RealtimeGateway } from './realtime.gateway';

const USER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
const SESSION = [{ alg: 'HS256' }, { sub: USER, exp: Math.floor(Date.now() / 1000) + 3600 }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.') + '.signature';

const fakeSocket = (token: string) => ({ handshake: { auth: { token } }, data: {}, join: jest.fn(async () => undefined), disconnect: jest.fn(), emit: jest.fn() });

/** A gateway over an auth that vouches for USER whatever it is asked (so only the gateway's own rule can refuse). */
const setup = () => {
  const rpc = {
    call: jest.fn(async (contract: { subject: string }) =>
      contract.subject === ApiKeysRpc.verify.subject
        ? { caller: { userId: USER, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] }, user: { id: USER }, keyId: 'key-1' }
        : { caller: { userId: USER, role: 'user' }, user: { id: USER } },
    ),
  };
  const callers = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000 }));
  return { realtime: new RealtimeGateway(rpc as unknown as RpcClient, callers), callers, rpc };
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
});
