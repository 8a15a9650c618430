import jwt from 'jsonwebtoken';
import { ErrorCode } from '@labeldesk/contracts';
import type { AuthEnv } from '../config/env.schema';
import { TokenSigner } from './token-signer';

const env = { JWT_SECRET: 'x'.repeat(40), TOKEN_TTL_SECONDS: 3600 } as AuthEnv;
const USER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ADMIN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ours = { issuer: 'labeldesk-auth', audience: 'labeldesk-api' } as const;

describe('TokenSigner', () => {
  const signer = new TokenSigner(env);

  it('round-trips the subject, the session version and the impersonating admin', () => {
    expect(signer.verify(signer.sign(USER, 3, ADMIN))).toMatchObject({ sub: USER, sv: 3, imp: ADMIN });
  });

  it('signs exactly as with the secret as text, so replicas of the previous release read its tokens and it reads theirs', () => {
    expect(jwt.verify(signer.sign(USER, 2), env.JWT_SECRET, { algorithms: ['HS256'], ...ours })).toMatchObject({ sub: USER, sv: 2 });
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

  it('refuses an expired token', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, env.JWT_SECRET, { subject: USER, ...ours });
    expect(() => signer.verify(expired)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });
});
