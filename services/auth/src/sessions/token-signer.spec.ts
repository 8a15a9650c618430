import jwt from 'jsonwebtoken';
import { createSecretKey } from 'node:crypto';
import { ErrorCode } from '@labeldesk/contracts';
import { authEnvSchema, type AuthEnv } from '../config/env.schema';
import { TokenSigner } from './token-signer';

const env = { JWT_SECRET: 'x'.repeat(40), TOKEN_TTL_SECONDS: 12 * 3600, LOGIN_AS_TTL_SECONDS: 3600 } as AuthEnv;
const USER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ADMIN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ours = { issuer: 'labeldesk-auth', audience: 'labeldesk-api' } as const;
const admin = { id: ADMIN, sessionVersion: 4, loginAsVersion: 2 };
const loginAsTtl = authEnvSchema.in.shape.LOGIN_AS_TTL_SECONDS;
const lifetimeOf = (claims: { iat: number; exp: number }) => claims.exp - claims.iat;

describe('TokenSigner', () => {
  const signer = new TokenSigner(env);

  it('round-trips the subject, the session version and the impersonating admin with their versions', () => {
    expect(signer.verify(signer.sign(USER, 3, admin))).toMatchObject({ sub: USER, sv: 3, imp: ADMIN, isv: 4, iav: 2 });
  });

  it('signs exactly as with the secret as text, so replicas of the previous release read its tokens and it reads theirs', () => {
    expect(jwt.verify(signer.sign(USER, 2), env.JWT_SECRET, { algorithms: ['HS256'], ...ours })).toMatchObject({ sub: USER, sv: 2 });
    expect(jwt.decode(signer.sign(USER, 2), { complete: true })?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('reads a token signed by the previous release (jsonwebtoken called with the key object itself)', () => {
    const previous = jwt.sign({ sv: 5 }, createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8')), { algorithm: 'HS256', subject: USER, expiresIn: 60, ...ours });
    expect(signer.verify(previous)).toMatchObject({ sub: USER, sv: 5 });
  });

  it('gives an ordinary session the full lifetime and a login-as session an hour by default', () => {
    const withDefaults = new TokenSigner({ ...env, TOKEN_TTL_SECONDS: authEnvSchema.in.shape.TOKEN_TTL_SECONDS.parse(undefined), LOGIN_AS_TTL_SECONDS: loginAsTtl.parse(undefined) });
    expect(lifetimeOf(withDefaults.verify(withDefaults.sign(USER, 0)))).toBe(12 * 3600);
    expect(lifetimeOf(withDefaults.verify(withDefaults.sign(USER, 0, admin)))).toBe(3600);
  });

  it('gives a login-as session the configured lifetime, never longer than an ordinary one', () => {
    const configured = new TokenSigner({ ...env, LOGIN_AS_TTL_SECONDS: 600 });
    expect(lifetimeOf(configured.verify(configured.sign(USER, 0, admin)))).toBe(600);
    const capped = new TokenSigner({ ...env, TOKEN_TTL_SECONDS: 900, LOGIN_AS_TTL_SECONDS: 3600 });
    expect(lifetimeOf(capped.verify(capped.sign(USER, 0, admin)))).toBe(900);
  });

  it('refuses a login-as lifetime that is not a whole number of seconds between a minute and a day', () => {
    for (const value of ['30', '90000', 'an hour', '1.5']) {
      expect(loginAsTtl.safeParse(value).success).toBe(false);
    }
    expect(loginAsTtl.parse('900')).toBe(900);
  });

  it('reads a token issued before session versions existed as version 0', () => {
    expect(signer.verify(jwt.sign({}, env.JWT_SECRET, { subject: USER, expiresIn: 60, ...ours })).sv).toBe(0);
  });

  it('refuses a correctly signed token whose subject is not a user id', () => {
    for (const subject of ['user-1', "1' or '1'='1", '']) {
      const token = jwt.sign({}, env.JWT_SECRET, { subject, expiresIn: 60, ...ours });
      expect(() => signer.verify(token)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
    }
  });

  it('refuses a token signed with another secret', () => {
    const forged = jwt.sign({}, 'y'.repeat(40), { subject: USER, ...ours });
    expect(() => signer.verify(forged)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });

  it('refuses an unsigned token', () => {
    const unsigned = jwt.sign({ sub: USER, iss: 'labeldesk-auth', aud: 'labeldesk-api' }, '', { algorithm: 'none' });
    expect(() => signer.verify(unsigned)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });

  it('refuses a token for another audience or from another issuer', () => {
    const elsewhere = jwt.sign({}, env.JWT_SECRET, { subject: USER, expiresIn: 60, issuer: 'labeldesk-auth', audience: 'someone-else' });
    expect(() => signer.verify(elsewhere)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
    const foreign = jwt.sign({}, env.JWT_SECRET, { subject: USER, expiresIn: 60, issuer: 'someone-else', audience: 'labeldesk-api' });
    expect(() => signer.verify(foreign)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });

  it('refuses an expired token', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, env.JWT_SECRET, { subject: USER, ...ours });
    expect(() => signer.verify(expired)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });
});
