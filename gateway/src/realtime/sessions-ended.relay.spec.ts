import { Logger } from '@nestjs/common';
import { AuthRpc, DomainError, ErrorCode } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { CallerVerifier } from '../auth/caller-verifier';
import { VerifiedCallersCache } from '../auth/verified-callers.cache';
import { RealtimeGateway } from './realtime.gateway';
import { SessionsEndedRelay } from './sessions-ended.relay';

const USER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

const fakeSocket = (token: unknown) => ({ handshake: { auth: { token } }, disconnect: jest.fn(), emit: jest.fn() });

/** A JWT-shaped token good for an hour, so its verified caller is kept (auth is faked: nothing checks the rest). */
const KEPT_TOKEN = [{ alg: 'HS256' }, { sub: USER, exp: Math.floor(Date.now() / 1000) + 3600 }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.') + '.signature';

/** A gateway whose auth service accepts only the tokens in `valid` (at first 'fresh'), with the given sockets in the user's room. */
const setup = (sockets: Array<ReturnType<typeof fakeSocket>>) => {
  const valid = new Set(['fresh']);
  const rpc = {
    call: jest.fn(async (_contract: unknown, request: { token: string }) => {
      if (valid.has(request.token)) return { caller: { userId: USER, role: 'user' }, user: {} };
      throw new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    }),
  };
  const callers = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000 }));
  const realtime = new RealtimeGateway(rpc as unknown as RpcClient, callers, { ADMIN_2FA_REQUIRED: false });
  const rooms: Array<string | string[]> = [];
  realtime.server = { in: (room: string | string[]) => (rooms.push(room), { fetchSockets: async () => sockets }) } as unknown as RealtimeGateway['server'];
  return { relay: new SessionsEndedRelay(callers, realtime), realtime, callers, rpc, rooms, valid };
};

describe('SessionsEndedRelay', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it("disconnects every socket of the user, and of the login-as sessions they opened, whose token no longer verifies, and keeps one on the fresh token", async () => {
    const stale = fakeSocket('old-token');
    const alsoStale = fakeSocket(undefined);
    const fresh = fakeSocket('fresh');
    const { relay, rooms, rpc } = setup([stale, alsoStale, fresh]);
    await relay.relay({ userId: USER, reason: 'password-changed' });
    expect(rooms).toEqual([[`user_${USER}`, `login_as_by_${USER}`]]);
    expect(stale.disconnect).toHaveBeenCalledWith(true);
    expect(alsoStale.disconnect).toHaveBeenCalledWith(true);
    expect(fresh.disconnect).not.toHaveBeenCalled();
    expect(rpc.call).toHaveBeenCalledWith(AuthRpc.verifyToken, { token: 'old-token' }, {});
  });

  it('tells each socket it closes why its session ended, before closing it, and tells the kept one nothing', async () => {
    const stale = fakeSocket('old-token');
    const fresh = fakeSocket('fresh');
    const { relay } = setup([stale, fresh]);
    await relay.relay({ userId: USER, reason: 'blocked' });
    expect(stale.emit).toHaveBeenCalledWith('sessionEnded', { reason: 'blocked' });
    expect(stale.emit.mock.invocationCallOrder[0]).toBeLessThan(stale.disconnect.mock.invocationCallOrder[0] ?? 0);
    expect(fresh.emit).not.toHaveBeenCalled();
  });

  it("forgets the user's verified callers first, so a socket on a token verified moments ago is checked with auth and disconnected", async () => {
    const kept = fakeSocket(KEPT_TOKEN);
    const { relay, callers, rpc, valid } = setup([kept]);
    valid.add(KEPT_TOKEN);
    await callers.verify(KEPT_TOKEN);
    valid.delete(KEPT_TOKEN);
    await relay.relay({ userId: USER, reason: 'blocked' });
    expect(kept.disconnect).toHaveBeenCalledWith(true);
    expect(rpc.call).toHaveBeenCalledTimes(2);
    await expect(callers.verify(KEPT_TOKEN)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
  });

  it('disconnects a socket whose token was being checked when the sessions ended, though it was not yet in the room', async () => {
    const { realtime, rpc } = setup([]);
    type Verified = { caller: { userId: string; role: string }; user: object };
    let answer: (value: Verified) => void = () => undefined;
    rpc.call.mockImplementationOnce(() => new Promise<Verified>((resolve) => (answer = resolve)));
    const joining = { ...fakeSocket('old-token'), data: {}, join: jest.fn(async () => undefined) };
    const connecting = realtime.handleConnection(joining as unknown as Parameters<RealtimeGateway['handleConnection']>[0]);
    await realtime.endSessions(USER);
    answer({ caller: { userId: USER, role: 'user' }, user: {} });
    await connecting;
    expect(joining.join).toHaveBeenCalledWith(`user_${USER}`);
    expect(joining.disconnect).toHaveBeenCalledWith(true);
  });

  it("puts a login-as session's socket in its admin's login-as room too, so the admin's ended sessions reach it", async () => {
    const ADMIN = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    const loginAs = [{ alg: 'HS256' }, { sub: USER, imp: ADMIN, exp: Math.floor(Date.now() / 1000) + 3600 }]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.') + '.signature';
    const { realtime, valid } = setup([]);
    valid.add(loginAs);
    const joining = { ...fakeSocket(loginAs), data: {}, join: jest.fn(async () => undefined) };
    await realtime.handleConnection(joining as unknown as Parameters<RealtimeGateway['handleConnection']>[0]);
    expect(joining.join).toHaveBeenCalledWith([`user_${USER}`, `login_as_by_${ADMIN}`]);
    expect(joining.disconnect).not.toHaveBeenCalled();
  });

  it('keeps a connecting socket when no sessions ended meanwhile, checking its token once', async () => {
    const { realtime, rpc } = setup([]);
    const joining = { ...fakeSocket('fresh'), data: {}, join: jest.fn(async () => undefined) };
    await realtime.handleConnection(joining as unknown as Parameters<RealtimeGateway['handleConnection']>[0]);
    expect(joining.disconnect).not.toHaveBeenCalled();
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it('disconnects the sockets when the auth service cannot vouch for them', async () => {
    const socket = fakeSocket('fresh');
    const { realtime, rpc } = setup([socket]);
    rpc.call.mockRejectedValueOnce(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'No service is answering'));
    await expect(realtime.endSessions(USER)).resolves.toBe(1);
    expect(socket.disconnect).toHaveBeenCalledWith(true);
  });

  it('does nothing before the socket server is up', async () => {
    const rpc = { call: jest.fn() } as unknown as RpcClient;
    const realtime = new RealtimeGateway(rpc, new CallerVerifier(rpc, new VerifiedCallersCache({ ttlMs: 30_000 })), { ADMIN_2FA_REQUIRED: false });
    await expect(realtime.endSessions(USER)).resolves.toBe(0);
  });
});
