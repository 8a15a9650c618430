import { Logger } from '@nestjs/common';
import { DomainError, ErrorCode, SIGN_IN_THROTTLED_MESSAGE, twoFactorEnableBodySchema, type Session, type TwoFactorChallenge } from '@labeldesk/contracts';
import { generate } from 'otplib';
import { InMemorySignInCounters } from '../../../test/support/in-memory-sign-in-counters';
import { InMemoryTwoFactor } from '../../../test/support/in-memory-two-factor';
import type { AuditRepository } from '../../audit/audit.repository';
import type { AuthEnv } from '../../config/env.schema';
import type { PasswordHasher } from '../../sessions/password-hasher';
import type { SessionFactory } from '../../sessions/session.factory';
import { SignInThrottle } from '../../sessions/sign-in/sign-in-throttle';
import { TokenSigner } from '../../sessions/token-signer';
import { LoginUseCase } from '../../sessions/usecases/login.usecase';
import { VerifyTokenUseCase } from '../../sessions/usecases/verify-token.usecase';
import type { UserEventsPublisher } from '../../users/user-events.publisher';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import { BothFactors } from '../both-factors';
import { SecretBox } from '../secret-box';
import { TOTP_PERIOD_SECONDS } from '../totp';
import { TwoFactorChallenges } from '../two-factor-challenges';
import { TwoFactorCodes } from '../two-factor-codes';
import { utcMinuteAfter } from '../two-factor-errors';
import type { TwoFactorRepository } from '../two-factor.repository';
import { DisableTwoFactorUseCase } from './disable-two-factor.usecase';
import { EnableTwoFactorUseCase } from './enable-two-factor.usecase';
import { RegenerateRecoveryCodesUseCase } from './regenerate-recovery-codes.usecase';
import { RESET_OWN_TWO_FACTOR, ResetTwoFactorUseCase } from './reset-two-factor.usecase';
import { SetupTwoFactorUseCase } from './setup-two-factor.usecase';
import { TwoFactorStatusUseCase } from './two-factor-status.usecase';
import { VerifyTwoFactorUseCase } from './verify-two-factor.usecase';

const env = {
  JWT_SECRET: 's'.repeat(40),
  TOTP_ENCRYPTION_KEY: undefined,
  LOGIN_WINDOW_MINUTES: 15,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: 10,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
  LOGIN_ADDRESS_WINDOW_MINUTES: 60,
  LOGIN_SLOWDOWN_MAX_MS: 1000,
} as AuthEnv;

class InstantThrottle extends SignInThrottle {
  protected override async sleep(): Promise<void> {}
}

const PASSWORD = 'the-right-password';
const ADDRESS = '203.0.113.7';
// The middle of a 30-second step.
const START = (1_800_000_000 + 15) * 1000;

/** Auth's two-factor use cases over one user, in memory, with a clock the test sets (Date.now). */
const setup = () => {
  let now = START;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  const user = Object.assign(new User(), { id: '6f1c2f0e-0000-4000-8000-000000000001', email: 'ada@example.com', passwordHash: 'h', sessionVersion: 3 });
  const table = new InMemoryTwoFactor(new Map([[user.id, user]]));
  const repository = table as unknown as TwoFactorRepository;
  const users = {
    findById: jest.fn(async (id: string) => (id === user.id ? user : null)),
    findByEmail: jest.fn(async (email: string) => (email === user.email ? user : null)),
    update: jest.fn(async (id: string, change: (u: User) => void) => {
      if (id !== user.id) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
      change(user);
      return user;
    }),
  } as unknown as UserRepository;
  const hasher = { verify: jest.fn(async (hash: string | null, password: string) => hash !== null && password === PASSWORD) } as unknown as PasswordHasher;
  const sessions = { create: jest.fn((u: User): Session => ({ token: `token-for-${u.id}`, user: {} as Session['user'] })) } as unknown as SessionFactory;
  const audit = { append: jest.fn(async () => 'a1') };
  const events = { changed: jest.fn(async () => undefined) } as unknown as UserEventsPublisher;
  const counters = new InMemorySignInCounters();
  counters.now = START;
  const throttle = new InstantThrottle(counters, env);
  const box = new SecretBox(env);
  const codes = new TwoFactorCodes(repository, box, audit as unknown as AuditRepository, { now: () => now });
  const challenges = new TwoFactorChallenges(repository);
  const caller = { userId: user.id, role: 'user' as const };
  const factors = new BothFactors(users, codes, hasher, throttle);
  const h = {
    user,
    users,
    table,
    audit,
    counters,
    throttle,
    setClock: (ms: number) => {
      now = ms;
      counters.now = ms;
    },
    setup: new SetupTwoFactorUseCase(users, repository, box),
    enable: new EnableTwoFactorUseCase(users, repository, box, audit as unknown as AuditRepository, events, factors),
    disable: new DisableTwoFactorUseCase(factors, repository, audit as unknown as AuditRepository, events, users),
    verify: new VerifyTwoFactorUseCase(users, challenges, codes, throttle, sessions),
    login: new LoginUseCase(users, hasher, sessions, throttle, challenges),
    reset: new ResetTwoFactorUseCase(users, repository, events),
    renew: new RegenerateRecoveryCodesUseCase(factors, repository, audit as unknown as AuditRepository),
    status: new TwoFactorStatusUseCase(users, repository),
    events,
    caller,
    /** The code the app shows at `now` moved by whole steps. */
    code: (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(now / 1000) + offsetSteps * TOTP_PERIOD_SECONDS }),
  };
  return h;
};

type Harness = ReturnType<typeof setup>;

/** Turns two-factor sign-in on with this code and the password (the right one unless given). */
const enable = (h: Harness, code: string, password = PASSWORD) => h.enable.execute(h.caller, { code, password, clientAddress: ADDRESS });

/** Sets up and enables two-factor sign-in: answers the secret and the recovery codes. */
const enrol = async (h: Harness) => {
  const { secret } = await h.setup.execute(h.caller);
  const { recoveryCodes } = await enable(h, await h.code(secret));
  return { secret, recoveryCodes };
};

const challengeFor = async (h: Harness): Promise<string> => {
  const answer = await h.login.execute({ email: h.user.email, password: PASSWORD, clientAddress: ADDRESS });
  expect(answer).toMatchObject({ twoFactorRequired: true });
  return (answer as TwoFactorChallenge).challenge;
};

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('two-factor sign-in', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.restoreAllMocks());

  it('is enabled by a code from the secret just set up, answering ten recovery codes of which only hashes are kept', async () => {
    const h = setup();
    const { secret, recoveryCodes } = await enrol(h);
    expect(h.user.twoFactorEnabled).toBe(true);
    expect(h.user.totpSecret).not.toContain(secret);
    expect(recoveryCodes).toHaveLength(10);
    const stored = [...h.table.recovery.keys()].join(' ');
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    expect(h.audit.append).toHaveBeenCalledWith(expect.objectContaining({ actorId: h.user.id, action: 'user.2fa-enabled', targetId: h.user.id }));
  });

  it('is not enabled by a wrong code, and setting up again while it is on is refused', async () => {
    const h = setup();
    const { secret } = await h.setup.execute(h.caller);
    const wrong = String((Number(await h.code(secret)) + 1) % 1_000_000).padStart(6, '0');
    await expect(failure(enable(h, wrong))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    expect(h.user.twoFactorEnabled).toBe(false);
    await enable(h, await h.code(secret));
    await expect(failure(h.setup.execute(h.caller))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_STATE });
  });

  it('is not enabled without the password or with a wrong one: 403 AUTH_CONFIRMATION_FAILED (never 401), nothing changed, each counted like a wrong sign-in password', async () => {
    expect(twoFactorEnableBodySchema.safeParse({ code: '123456' }).success).toBe(false);
    const h = setup();
    const { secret } = await h.setup.execute(h.caller);
    const pending = h.user.totpPendingSecret;
    const code = await h.code(secret);
    const refused = { code: ErrorCode.AUTH_CONFIRMATION_FAILED, issues: [{ path: 'password' }] };
    await expect(failure(enable(h, code, ''))).resolves.toMatchObject(refused);
    // The pair (account, address) has 10 tries: the empty password used one, nine wrong ones the rest.
    for (let i = 0; i < 9; i++) await expect(failure(enable(h, code, `wrong-${i}`))).resolves.toMatchObject(refused);
    expect([h.user.twoFactorEnabled, h.user.totpPendingSecret, h.table.recovery.size]).toEqual([false, pending, 0]);
    expect(h.audit.append).not.toHaveBeenCalledWith(expect.objectContaining({ action: 'user.2fa-enabled' }));
    expect(h.events.changed).not.toHaveBeenCalled();
    // The right password and code are now refused as a sign-in from here would be; the code is still unused.
    await expect(failure(enable(h, code))).resolves.toEqual(new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE));
    await expect(h.enable.execute(h.caller, { code, password: PASSWORD, clientAddress: '198.51.100.9' })).resolves.toMatchObject({ recoveryCodes: expect.any(Array) });
    expect(h.user.twoFactorEnabled).toBe(true);
  });

  it('answers a challenge and no token for the right password, and a session for a code of the next step', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    const challenge = await challengeFor(h);
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    await expect(h.verify.execute({ challenge, code: await h.code(secret), clientAddress: ADDRESS })).resolves.toMatchObject({ token: `token-for-${h.user.id}` });
  });

  it('accepts a code one step early or late and refuses one two steps away', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    h.setClock(START + 10 * TOTP_PERIOD_SECONDS * 1000);
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret, -2), clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret, 2), clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret, -1), clientAddress: ADDRESS })).resolves.toHaveProperty('token');
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret, 1), clientAddress: ADDRESS })).resolves.toHaveProperty('token');
  });

  it('refuses a code whose step was used already, and any earlier step after it (no replay)', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    h.setClock(START + 5 * TOTP_PERIOD_SECONDS * 1000);
    const code = await h.code(secret);
    await h.verify.execute({ challenge: await challengeFor(h), code, clientAddress: ADDRESS });
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret, -1), clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
  });

  it('refuses the code that enabled two-factor sign-in at the next sign-in', async () => {
    const h = setup();
    const { secret } = await h.setup.execute(h.caller);
    const code = await h.code(secret);
    await enable(h, code);
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
  });

  it('signs in with each recovery code once, however it is typed', async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const [first = '', second = ''] = recoveryCodes;
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: first, clientAddress: ADDRESS })).resolves.toHaveProperty('token');
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: first, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: ` ${second.toUpperCase().replace('-', '')} `, clientAddress: ADDRESS })).resolves.toHaveProperty('token');
  });

  it('counts the recovery codes left: ten after enrolling, one fewer for each used, ten again when renewed, none when off', async () => {
    const h = setup();
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret, recoveryCodes } = await enrol(h);
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const [first = '', second = '', third = ''] = recoveryCodes;
    for (const code of [first, second]) await h.verify.execute({ challenge: await challengeFor(h), code, clientAddress: ADDRESS });
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: true, recoveryCodesLeft: 8 });
    await h.renew.execute(h.caller, { code: third, password: PASSWORD, clientAddress: ADDRESS });
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: true, recoveryCodesLeft: 10 });
    h.setClock(START + 2 * TOTP_PERIOD_SECONDS * 1000);
    await h.disable.execute(h.caller, { code: await h.code(secret), password: PASSWORD, clientAddress: ADDRESS });
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('lets a challenge be answered for 5 minutes, and only once', async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const [a = '', b = '', c = ''] = recoveryCodes;
    const late = await challengeFor(h);
    const onTime = await challengeFor(h);
    h.setClock(START + 5 * 60_000 - 1);
    await expect(h.verify.execute({ challenge: onTime, code: a, clientAddress: ADDRESS })).resolves.toHaveProperty('token');
    await expect(failure(h.verify.execute({ challenge: onTime, code: b, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CHALLENGE_INVALID });
    h.setClock(START + 5 * 60_000);
    await expect(failure(h.verify.execute({ challenge: late, code: c, clientAddress: ADDRESS }))).resolves.toEqual(
      new DomainError(ErrorCode.AUTH_TWO_FACTOR_CHALLENGE_INVALID, 'This sign-in has expired. Please sign in again.'),
    );
  });

  it("refuses a challenge once the user's sessions have ended (password changed or reset meanwhile)", async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const challenge = await challengeFor(h);
    h.user.endSessions();
    await expect(failure(h.verify.execute({ challenge, code: recoveryCodes[0] ?? '', clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CHALLENGE_INVALID });
  });

  it('still throttles codes per address like passwords: the password and the codes count against the address too', async () => {
    const h = setup();
    await enrol(h);
    await challengeFor(h);
    // The pair (account, address) has 10 tries; the password used one, the codes below the account's lock use four.
    for (let i = 0; i < 4; i++) await failure(h.verify.execute({ challenge: await challengeFor(h), code: `${i}`.repeat(6), clientAddress: ADDRESS }));
    // 1 + (1 + 1) × 4 = 9 counted from this address: the next password is the 10th, the one after it is refused.
    await challengeFor(h);
    await expect(failure(challengeFor(h))).resolves.toEqual(new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE));
  });

  it('forgets the wrong codes once a code is right: four wrong, the right one, four wrong again and the right one signs in', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    const challenge = await challengeFor(h);
    for (let i = 0; i < 4; i++) await failure(h.verify.execute({ challenge, code: `${i}`.repeat(6), clientAddress: `198.51.100.${i}` }));
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    await h.verify.execute({ challenge, code: await h.code(secret), clientAddress: ADDRESS });
    const again = await challengeFor(h);
    for (let i = 0; i < 4; i++) await failure(h.verify.execute({ challenge: again, code: `${i}`.repeat(6), clientAddress: `198.51.100.${i}` }));
    h.setClock(START + 2 * TOTP_PERIOD_SECONDS * 1000);
    await expect(h.verify.execute({ challenge: again, code: await h.code(secret), clientAddress: ADDRESS })).resolves.toHaveProperty('token');
  });

  it('leaves no failure on the address after a sign-in with a code, so one office address can sign in many times', async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    for (const code of recoveryCodes.slice(0, 5)) await h.verify.execute({ challenge: await challengeFor(h), code, clientAddress: ADDRESS });
    const attempt = await h.throttle.admit('someone-else@example.com', ADDRESS);
    const counts = await h.counters.bump([{ key: attempt.address ?? '', windowSeconds: 3600 }]);
    // The two bumps of this test only: the five sign-ins (password and code each) left nothing.
    expect(counts.get(attempt.address ?? '')).toBe(2);
  });

  it('is turned off only with the password and a code, and then sign-in answers a session again', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    const code = await h.code(secret);
    await expect(failure(h.disable.execute(h.caller, { code, password: 'wrong', clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED, issues: [{ path: 'password' }] });
    await expect(failure(h.disable.execute(h.caller, { code: '000000', password: PASSWORD, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(h.disable.execute(h.caller, { code, password: PASSWORD, clientAddress: ADDRESS })).resolves.toEqual({ ok: true });
    expect(h.user.twoFactorEnabled).toBe(false);
    expect(h.audit.append).toHaveBeenCalledWith(expect.objectContaining({ action: 'user.2fa-disabled' }));
    await expect(h.login.execute({ email: h.user.email, password: PASSWORD, clientAddress: ADDRESS })).resolves.toMatchObject({ token: `token-for-${h.user.id}` });
  });

  it("is reset by an admin for a user who lost the phone and the codes: sign-in answers a session again; the admin's own and a user without it are refused", async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const admin = { userId: '6f1c2f0e-0000-4000-8000-0000000000ad', role: 'admin' as const };
    await expect(failure(h.reset.execute(admin, admin.userId))).resolves.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_OWN_TWO_FACTOR });
    await expect(failure(h.reset.execute(admin, '6f1c2f0e-0000-4000-8000-00000000dead'))).resolves.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(h.user.twoFactorEnabled).toBe(true);

    await expect(h.reset.execute(admin, h.user.id)).resolves.toMatchObject({ twoFactorEnabled: false });
    expect(h.user.twoFactorEnabled).toBe(false);
    expect(h.events.changed).toHaveBeenCalledWith(h.user.id);
    await expect(h.login.execute({ email: h.user.email, password: PASSWORD, clientAddress: ADDRESS })).resolves.toMatchObject({ token: `token-for-${h.user.id}` });
    // The old recovery codes went with it: enrolling again starts from nothing.
    expect([...h.table.recovery.values()].filter((row) => row.userId === h.user.id)).toEqual([]);
    await expect(failure(h.reset.execute(admin, h.user.id))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_STATE });
    expect(recoveryCodes).toHaveLength(10);
  });

  describe("an admin's \"login as\" sessions, opened behind the second factor", () => {
    const signer = new TokenSigner({ JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 3600, LOGIN_AS_TTL_SECONDS: 3600 } as AuthEnv);
    const CUSTOMER = '6f1c2f0e-0000-4000-8000-0000000000c1';

    /** An enrolled admin, a login-as token they made, and the check every request's token goes through. */
    const adminLoggedInAs = async () => {
      const h = setup();
      h.user.role = 'admin';
      const enrolled = await enrol(h);
      const customer = Object.assign(new User(), { id: CUSTOMER, email: 'c@example.com' });
      const users = { findById: jest.fn(async (id: string) => (id === h.user.id ? h.user : id === CUSTOMER ? customer : null)) } as unknown as UserRepository;
      const token = signer.sign(CUSTOMER, 0, { id: h.user.id, sessionVersion: h.user.sessionVersion, loginAsVersion: h.user.loginAsVersion });
      const verify = new VerifyTokenUseCase(users, signer);
      await expect(verify.execute(token)).resolves.toMatchObject({ caller: { userId: CUSTOMER } });
      return { h, ...enrolled, ownToken: signer.sign(h.user.id, h.user.sessionVersion), token, verify };
    };

    it('end when the admin turns two-factor sign-in off; their own session goes on', async () => {
      const { h, secret, token, ownToken, verify } = await adminLoggedInAs();
      const before = h.user.loginAsVersion;
      h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
      await h.disable.execute({ userId: h.user.id, role: 'admin' }, { code: await h.code(secret), password: PASSWORD, clientAddress: ADDRESS });
      expect(h.user.loginAsVersion).toBe(before + 1);
      await expect(failure(verify.execute(token))).resolves.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
      await expect(verify.execute(ownToken)).resolves.toMatchObject({ caller: { userId: h.user.id, role: 'admin' } });
      expect(h.events.changed).toHaveBeenCalledWith(h.user.id);
    });

    it("end when another admin resets the admin's two-factor sign-in", async () => {
      const { h, token, verify } = await adminLoggedInAs();
      const before = h.user.loginAsVersion;
      await h.reset.execute({ userId: '6f1c2f0e-0000-4000-8000-0000000000ad', role: 'admin' }, h.user.id);
      expect(h.user.loginAsVersion).toBe(before + 1);
      await expect(failure(verify.execute(token))).resolves.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it("are none of a customer's: turning it off leaves the login-as version as it was, unwritten", async () => {
      const h = setup();
      const { secret } = await enrol(h);
      h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
      await h.disable.execute(h.caller, { code: await h.code(secret), password: PASSWORD, clientAddress: ADDRESS });
      expect(h.user.loginAsVersion).toBe(0);
      expect(h.users.update).not.toHaveBeenCalled();
    });
  });

  it('gives ten new recovery codes for the password and a code, and every earlier code stops working', async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const [spent = '', kept = ''] = recoveryCodes;
    await expect(failure(h.renew.execute(h.caller, { code: spent, password: 'wrong', clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_CONFIRMATION_FAILED, issues: [{ path: 'password' }] });
    await expect(failure(h.renew.execute(h.caller, { code: 'aaaaa-aaaaa', password: PASSWORD, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });

    const { recoveryCodes: renewed } = await h.renew.execute(h.caller, { code: spent, password: PASSWORD, clientAddress: ADDRESS });
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect(h.audit.append).toHaveBeenCalledWith(expect.objectContaining({ action: 'user.2fa-recovery-codes', actorId: h.user.id }));
    expect(h.user.twoFactorEnabled).toBe(true);

    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: kept, clientAddress: ADDRESS }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: renewed[0] ?? '', clientAddress: ADDRESS })).resolves.toMatchObject({ token: `token-for-${h.user.id}` });
  });
});

describe('wrong two-factor codes, limited per account', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.restoreAllMocks());

  const LOCKED = new DomainError(ErrorCode.AUTH_TWO_FACTOR_LOCKED, 'Too many wrong codes. Please try again at 08:16 UTC.');
  /** Each wrong code from its own address, as from a botnet: the addresses' limits never come into play. */
  const fromEverywhere = (i: number) => `2001:db8:${i.toString(16)}::1`;

  it('refuses every code, even the right one, after 5 wrong ones from 5 addresses, naming the end of the window, with one audit row', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    const challenge = await challengeFor(h);
    for (let i = 0; i < 5; i++) {
      await expect(failure(h.verify.execute({ challenge, code: `${i}`.repeat(6), clientAddress: fromEverywhere(i) }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    }
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    const right = await h.code(secret);
    // The window opened with the first wrong code at 08:00:15 and ends at 08:15:15: "08:16" is never too early.
    await expect(failure(h.verify.execute({ challenge, code: right, clientAddress: fromEverywhere(9) }))).resolves.toEqual(LOCKED);
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: right, clientAddress: ADDRESS }))).resolves.toEqual(LOCKED);
    const locks = h.audit.append.mock.calls.map((call: unknown[]) => call[0] as { action: string }).filter((entry) => entry.action === 'user.2fa-locked');
    expect(locks).toEqual([
      { actorId: h.user.id, action: 'user.2fa-locked', targetType: 'user', targetId: h.user.id, before: null, after: { wrongCodes: 5, lockedUntil: '2027-01-15T08:15:15.000Z' } },
    ]);
  });

  it('counts wrong recovery codes too, and a right recovery code refused while locked is not used up', async () => {
    const h = setup();
    const { recoveryCodes } = await enrol(h);
    const [kept = ''] = recoveryCodes;
    const challenge = await challengeFor(h);
    for (let i = 0; i < 5; i++) {
      const code = i % 2 === 0 ? `aaaa${i}-bbbbb` : `${i}`.repeat(6);
      await expect(failure(h.verify.execute({ challenge, code, clientAddress: fromEverywhere(i) }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    }
    await expect(failure(h.verify.execute({ challenge, code: kept, clientAddress: ADDRESS }))).resolves.toEqual(LOCKED);
    await expect(h.status.execute(h.caller)).resolves.toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('lets the right code through once the window has ended, and not a millisecond before', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    const challenge = await challengeFor(h);
    for (let i = 0; i < 5; i++) await failure(h.verify.execute({ challenge, code: `${i}`.repeat(6), clientAddress: fromEverywhere(i) }));
    h.setClock(START + 15 * 60_000 - 1);
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret), clientAddress: ADDRESS }))).resolves.toEqual(LOCKED);
    h.setClock(START + 15 * 60_000);
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret), clientAddress: ADDRESS })).resolves.toHaveProperty('token');
  });

  it('is one count for every place a code is asked: wrong codes when turning it off lock the sign-in, and the lock refuses new recovery codes and turning it off', async () => {
    const h = setup();
    const { secret, recoveryCodes } = await enrol(h);
    for (let i = 0; i < 3; i++) {
      await expect(failure(h.disable.execute(h.caller, { code: `${i}`.repeat(6), password: PASSWORD, clientAddress: fromEverywhere(i) }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    }
    await expect(failure(h.renew.execute(h.caller, { code: 'zzzzz-zzzzz', password: PASSWORD, clientAddress: fromEverywhere(3) }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    await expect(failure(h.verify.execute({ challenge: await challengeFor(h), code: '444444', clientAddress: fromEverywhere(4) }))).resolves.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID });
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    await expect(failure(h.disable.execute(h.caller, { code: await h.code(secret), password: PASSWORD, clientAddress: ADDRESS }))).resolves.toEqual(LOCKED);
    await expect(failure(h.renew.execute(h.caller, { code: recoveryCodes[0] ?? '', password: PASSWORD, clientAddress: ADDRESS }))).resolves.toEqual(LOCKED);
    expect(h.user.twoFactorEnabled).toBe(true);
  });

  it('tells a program when to ask again: Retry-After is the seconds until the minute the message names', async () => {
    const h = setup();
    const { secret } = await enrol(h);
    const challenge = await challengeFor(h);
    for (let i = 0; i < 5; i++) await failure(h.verify.execute({ challenge, code: `${i}`.repeat(6), clientAddress: fromEverywhere(i) }));
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    const refusal = (await failure(h.verify.execute({ challenge, code: await h.code(secret), clientAddress: ADDRESS }))) as DomainError;
    // 08:00:45 now, "08:16" named: 15 minutes 15 seconds.
    expect([refusal.code, refusal.retryAfterSeconds, refusal.toBody().retryAfterSeconds]).toEqual([ErrorCode.AUTH_TWO_FACTOR_LOCKED, 915, 915]);
  });

  it("forgets the wrong codes counted against a secret an admin reset: the user enrols again and signs in at once", async () => {
    const h = setup();
    await enrol(h);
    const challenge = await challengeFor(h);
    for (let i = 0; i < 5; i++) await failure(h.verify.execute({ challenge, code: `${i}`.repeat(6), clientAddress: fromEverywhere(i) }));
    await h.reset.execute({ userId: 'an-admin', role: 'admin' }, h.user.id);
    h.setClock(START + TOTP_PERIOD_SECONDS * 1000);
    const { secret } = await enrol(h);
    h.setClock(START + 2 * TOTP_PERIOD_SECONDS * 1000);
    await expect(h.verify.execute({ challenge: await challengeFor(h), code: await h.code(secret), clientAddress: ADDRESS })).resolves.toHaveProperty('token');
  });

  it('lets exactly 5 of 40 wrong codes sent at once be tried; the other 35 are refused without being looked at', async () => {
    const h = setup();
    await enrol(h);
    const challenge = await challengeFor(h);
    const opened = jest.spyOn(SecretBox.prototype, 'open');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => failure(h.verify.execute({ challenge, code: String(100_000 + i), clientAddress: fromEverywhere(i) }))));
    const codes = answers.map((answer) => (answer as DomainError).code);
    expect(codes.filter((code) => code === ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID)).toHaveLength(5);
    expect(codes.filter((code) => code === ErrorCode.AUTH_TWO_FACTOR_LOCKED)).toHaveLength(35);
    // Only the five admitted codes were checked against the secret.
    expect(opened).toHaveBeenCalledTimes(5);
  });
});

describe('utcMinuteAfter', () => {
  it('names the minute the lock is over by, rounded up, in UTC', () => {
    expect([utcMinuteAfter(new Date('2027-01-15T08:15:15Z')), utcMinuteAfter(new Date('2027-01-15T08:15:00Z')), utcMinuteAfter(new Date('2027-01-15T23:59:01Z'))]).toEqual(['08:16', '08:15', '00:00']);
  });
});
