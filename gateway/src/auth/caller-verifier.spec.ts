import { AuthRpc, DomainError, ErrorCode } from '@labeldesk/contracts';
import { verifiedCallerLookups } from '@labeldesk/nest-config';
import type { RpcClient } from '@labeldesk/nest-transport';
import { CallerVerifier } from './caller-verifier';
import { UserChangedListener } from './user-changed.listener';
import { VerifiedCallersCache, type VerifiedCaller } from './verified-callers.cache';

const ALICE = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

/** A JWT-shaped token (the cache reads `exp` only; auth checks the rest). */
const tokenFor = (userId: string, expiresAtMs: number): string =>
  [{ alg: 'HS256' }, { sub: userId, exp: Math.floor(expiresAtMs / 1000) }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.signature';

const verifiedAs = (userId: string): VerifiedCaller => ({
  caller: { userId, role: 'user' },
  user: { id: userId, name: 'Ada', email: 'ada@example.com', avatar: null, role: 'user', activation: 'allow', referralCode: 'ADA1', referredBy: null, registeredAt: '2024-01-01T00:00:00.000Z' },
});

/** What the verifier answers for a session token: auth's caller, marked as a session. */
const asSession = (verified: VerifiedCaller): VerifiedCaller => ({ ...verified, caller: { ...verified.caller, authMethod: 'session' } });

/** A verifier over a fake auth that vouches for ALICE, with a clock the test moves. */
const setup = () => {
  const clock = { now: Date.now() };
  const rpc = { call: jest.fn(async (): Promise<VerifiedCaller> => verifiedAs(ALICE)) };
  const verifier = new CallerVerifier(rpc as unknown as RpcClient, new VerifiedCallersCache({ ttlMs: 30_000, now: () => clock.now }));
  return { verifier, rpc, clock, token: tokenFor(ALICE, clock.now + 3_600_000) };
};

const lookups = async (outcome: 'hit' | 'miss') => (await verifiedCallerLookups.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;

describe('CallerVerifier', () => {
  it('answers a caller verified moments ago without asking auth again', async () => {
    const { verifier, rpc, token } = setup();
    await expect(verifier.verify(token, 'req-1')).resolves.toEqual(asSession(verifiedAs(ALICE)));
    await expect(verifier.verify(token, 'req-2')).resolves.toEqual(asSession(verifiedAs(ALICE)));
    expect(rpc.call).toHaveBeenCalledTimes(1);
    expect(rpc.call).toHaveBeenCalledWith(AuthRpc.verifyToken, { token }, { correlationId: 'req-1' });
  });

  it('asks auth again once the TTL has passed', async () => {
    const { verifier, rpc, clock, token } = setup();
    await verifier.verify(token);
    clock.now += 30_000;
    await verifier.verify(token);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it("never keeps auth's refusal: a refused token is asked about on every use", async () => {
    const { verifier, rpc, token } = setup();
    rpc.call.mockRejectedValue(new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.'));
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it('asks auth again after the user was forgotten', async () => {
    const { verifier, rpc, token } = setup();
    await verifier.verify(token);
    verifier.forgetUser(ALICE);
    await verifier.verify(token);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it('does not keep what auth answered when the user was forgotten while auth was being asked', async () => {
    const { verifier, rpc, token } = setup();
    let answer: (value: VerifiedCaller) => void = () => undefined;
    rpc.call.mockImplementationOnce(() => new Promise<VerifiedCaller>((resolve) => (answer = resolve)));
    const verifying = verifier.verify(token);
    verifier.forgetUser(ALICE);
    answer(verifiedAs(ALICE));
    await expect(verifying).resolves.toEqual(asSession(verifiedAs(ALICE)));
    await verifier.verify(token);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it('counts hits and misses for the metrics', async () => {
    const { verifier, token } = setup();
    const [hits, misses] = [await lookups('hit'), await lookups('miss')];
    await verifier.verify(token);
    await verifier.verify(token);
    await verifier.verify(token);
    expect([(await lookups('hit')) - hits, (await lookups('miss')) - misses]).toEqual([2, 1]);
  });
});

describe('CallerVerifier: one credential, one place', () => {
  const KEY = 'ld_live_0000000000000000000000000000000000000000000abcdef';
  const keyCaller = { caller: { userId: ALICE, role: 'user' as const, authMethod: 'api_key' as const, scopes: ['labels:read'] }, user: verifiedAs(ALICE).user, keyId: 'key-1' };

  it("refuses an API key as a session token, even while the key's caller is kept", async () => {
    const { verifier, rpc } = setup();
    rpc.call.mockImplementation(async () => keyCaller);
    await verifier.verifyKey(KEY);
    await expect(verifier.verify(KEY)).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });

  it("refuses a session token as an API key, even while the session's caller is kept", async () => {
    const { verifier, rpc, token } = setup();
    await verifier.verify(token);
    await expect(verifier.verifyKey(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    expect(rpc.call).toHaveBeenCalledTimes(1);
  });
});

describe('UserChangedListener', () => {
  it("forgets the user's verified callers when auth says the user changed", async () => {
    const { verifier, rpc, token } = setup();
    await verifier.verify(token);
    new UserChangedListener(verifier).forget({ userId: ALICE });
    await verifier.verify(token);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it("marks an admin's login-as token as login_as", async () => {
    const { verifier } = setup();
    const token = [{ alg: 'HS256' }, { sub: ALICE, imp: 'the-admin', exp: Math.floor(Date.now() / 1000) + 3600 }].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') + '.sig';
    expect((await verifier.verify(token)).caller.authMethod).toBe('login_as');
  });

  it("keeps an API key's caller and forgets it with its user (a revocation or a block evicts the user)", async () => {
    const { verifier, rpc } = setup();
    const keyCaller = { caller: { userId: ALICE, role: 'user' as const, authMethod: 'api_key' as const, scopes: ['labels:read'] }, user: verifiedAs(ALICE).user, keyId: 'key-1' };
    rpc.call.mockImplementation(async () => keyCaller);
    const key = 'ld_live_0000000000000000000000000000000000000000000abcdef';
    await expect(verifier.verifyKey(key)).resolves.toEqual(keyCaller);
    await verifier.verifyKey(key);
    expect(rpc.call).toHaveBeenCalledTimes(1);
    verifier.forgetUser(ALICE);
    await verifier.verifyKey(key);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });
});
