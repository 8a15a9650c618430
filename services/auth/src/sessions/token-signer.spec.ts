import jwt from 'jsonwebtoken';
import { ErrorCode } from '@labeldesk/contracts';
import type { AuthEnv } from '../config/env.schema';
import { TokenSigner } from './token-signer';

const env = { JWT_SECRET: 'x'.repeat(40), TOKEN_TTL_SECONDS: 3600 } as AuthEnv;

describe('TokenSigner', () => {
  const signer = new TokenSigner(env);

  it('round-trips the subject and the impersonating admin', () => {
    expect(signer.verify(signer.sign('user-1', 'admin-9'))).toMatchObject({ sub: 'user-1', imp: 'admin-9' });
  });

  it('refuses a token signed with another secret', () => {
    const forged = jwt.sign({}, 'y'.repeat(40), { subject: 'user-1', issuer: 'labeldesk-auth', audience: 'labeldesk-api' });
    expect(() => signer.verify(forged)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });

  it('refuses an unsigned token', () => {
    const unsigned = jwt.sign({ sub: 'user-1', iss: 'labeldesk-auth', aud: 'labeldesk-api' }, '', { algorithm: 'none' });
    expect(() => signer.verify(unsigned)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });

  it('refuses an expired token', () => {
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, env.JWT_SECRET, { subject: 'u', issuer: 'labeldesk-auth', audience: 'labeldesk-api' });
    expect(() => signer.verify(expired)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_TOKEN_INVALID }));
  });
});
