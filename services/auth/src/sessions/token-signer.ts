import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { createSecretKey } from 'node:crypto';
import { z } from 'zod';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';

const ISSUER = 'labeldesk-auth';
const AUDIENCE = 'labeldesk-api';

const claimsSchema = z.object({
  /** A user id: anything else is refused here, before it could reach a uuid column. */
  sub: z.uuid(),
  iat: z.number(),
  exp: z.number(),
  /** The user's session version at issue; tokens from before versions existed count as version 0. */
  sv: z.number().int().min(0).default(0),
  /** Set when an admin signed in as this user: the admin, whose own state the session is bound to (decision 037). */
  imp: z.uuid().optional(),
  /** The admin's session version when they signed in as this user; a login-as token of an earlier release has none. */
  isv: z.number().int().min(0).optional(),
  /** The admin's login-as version then: the admin signing out moves it on. */
  iav: z.number().int().min(0).optional(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

/** The admin behind a login-as session, as they were when they opened it. */
export interface Impersonator {
  id: string;
  sessionVersion: number;
  loginAsVersion: number;
}

/**
 * HS256 tokens with issuer, audience and expiry checked, signed and verified through @nestjs/jwt's JwtService; the
 * role is read from the database on use, not trusted from the token.
 */
@Injectable()
export class TokenSigner {
  private readonly sessions: JwtService;
  /** Login-as sessions: the same key and claims, their own lifetime. */
  private readonly loginAs: JwtService;

  constructor(@Inject(AUTH_ENV) env: AuthEnv) {
    // The secret as a key object, made once: given a string, jsonwebtoken (under JwtService) first tries to read it
    // as a public key on every call, which costs far more than the HMAC itself (decision 038). The HMAC is the same,
    // so tokens are too.
    const key = createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));
    const withLifetime = (expiresIn: number) =>
      new JwtService({
        secret: key,
        signOptions: { algorithm: 'HS256', issuer: ISSUER, audience: AUDIENCE, expiresIn },
        verifyOptions: { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE },
      });
    this.sessions = withLifetime(env.TOKEN_TTL_SECONDS);
    this.loginAs = withLifetime(Math.min(env.LOGIN_AS_TTL_SECONDS, env.TOKEN_TTL_SECONDS));
  }

  // Everything per token is in the payload (`sub` too), and nothing is passed as per-call options: JwtService deletes
  // keys from a per-call options object, which leaves jsonwebtoken an object with deleted keys (V8 reads such an object
  // slowly) on every call.
  sign(userId: string, sessionVersion: number, impersonator?: Impersonator): string {
    if (!impersonator) return this.sessions.sign({ sub: userId, sv: sessionVersion });
    return this.loginAs.sign({ sub: userId, sv: sessionVersion, imp: impersonator.id, isv: impersonator.sessionVersion, iav: impersonator.loginAsVersion });
  }

  verify(token: string): TokenClaims {
    try {
      return claimsSchema.parse(this.sessions.verify<object>(token));
    } catch {
      throw new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    }
  }
}
