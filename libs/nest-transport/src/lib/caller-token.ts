import {
  callerIssuerSchema,
  callerSchema,
  DomainError,
  ErrorCode,
  isServiceCaller,
  serviceCallerSchema,
  type AnyCaller,
  type CallerIssuer,
} from '@labeldesk/contracts';
import { createHash, createHmac, createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync, randomBytes, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** Long enough for a request to cross a busy bus and a clock skew between pods; short enough that a copy is soon worthless. */
export const CALLER_TOKEN_TTL_MS = 60_000;
const VERSION = 'v1';

const claimsSchema = z.object({
  iss: callerIssuerSchema,
  sub: z.union([callerSchema.strict(), serviceCallerSchema.strict()]),
  /** The subject the token was made for: it cannot be replayed on another one. */
  aud: z.string(),
  exp: z.number().int(),
  /** SHA-256 of the request as sent: it cannot be replayed with another body. */
  dig: z.string(),
});
type Claims = z.infer<typeof claimsSchema>;

export interface CallerKeys {
  /**
   * This process's issuer name and key: an Ed25519 private key, or (in-process transport only) an HMAC-SHA256 secret;
   * null for a process that calls other services as no one.
   */
  signing: { issuer: CallerIssuer; key: KeyObject } | null;
  /** The keys of the issuers this process believes: Ed25519 public keys, or their HMAC secrets (in-process only). */
  trusted: ReadonlyMap<CallerIssuer, KeyObject>;
}

/** Why a token was refused; the caller is told only "could not be verified", the log gets the reason. */
export class CallerTokenError extends DomainError {
  constructor(readonly reason: string) {
    super(ErrorCode.UNAUTHENTICATED, 'The caller could not be verified');
  }
}

const digest = (payload: unknown): string => createHash('sha256').update(JSON.stringify(payload ?? null)).digest('base64url');

/**
 * Caller identity between processes: `v1.<claims>.<Ed25519 signature>`, made per request by the process that vouches
 * for the caller and checked by the service that serves it. Only the gateway vouches for users (it verified their
 * session); a service vouches only for itself. A token is bound to one subject, one body and one minute.
 */
export class CallerTokens {
  constructor(private readonly keys: CallerKeys) {}

  /** The issuer this process signs as, if any. */
  get issuer(): CallerIssuer | null {
    return this.keys.signing?.issuer ?? null;
  }

  sign(identity: AnyCaller, subject: string, payload: unknown, now = Date.now()): string {
    const signing = this.keys.signing;
    if (!signing) throw new DomainError(ErrorCode.INTERNAL, 'This process has no caller key (CALLER_KEY)');
    if (isServiceCaller(identity) ? identity.service !== signing.issuer : signing.issuer !== 'gateway') {
      throw new DomainError(ErrorCode.INTERNAL, `${signing.issuer} cannot vouch for ${JSON.stringify(identity)}`);
    }
    const claims: Claims = { iss: signing.issuer, sub: identity, aud: subject, exp: now + CALLER_TOKEN_TTL_MS, dig: digest(payload) };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${VERSION}.${body}.${signature(body, signing.key).toString('base64url')}`;
  }

  /** The caller a token vouches for; throws CallerTokenError unless every check passes. */
  verify(token: string, subject: string, payload: unknown, now = Date.now()): AnyCaller {
    const [version, body, signature, extra] = token.split('.');
    if (version !== VERSION || !body || !signature || extra !== undefined) throw new CallerTokenError('malformed token');
    const claims = claimsSchema.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
    if (!claims.success) throw new CallerTokenError('malformed claims');
    const { iss, sub, aud, exp, dig } = claims.data;
    const key = this.keys.trusted.get(iss);
    if (!key) throw new CallerTokenError(`issuer ${iss} is not trusted`);
    if (!signatureMatches(body, key, Buffer.from(signature, 'base64url'))) throw new CallerTokenError(`bad signature for issuer ${iss}`);
    if (isServiceCaller(sub) ? sub.service !== iss : iss !== 'gateway') throw new CallerTokenError(`${iss} cannot vouch for ${JSON.stringify(sub)}`);
    if (aud !== subject) throw new CallerTokenError(`token for ${aud} used on ${subject}`);
    if (exp <= now || exp > now + 2 * CALLER_TOKEN_TTL_MS) throw new CallerTokenError('token expired or not yet valid');
    if (dig !== digest(payload)) throw new CallerTokenError('token made for another request body');
    return sub;
  }
}

/** Ed25519, or HMAC-SHA256 for a secret key: the algorithm is the key's, never the token's to choose. */
const signature = (body: string, key: KeyObject): Buffer =>
  key.type === 'secret' ? createHmac('sha256', key).update(body).digest() : sign(null, Buffer.from(body), key);

const signatureMatches = (body: string, key: KeyObject, given: Buffer): boolean => {
  if (key.type !== 'secret') return verify(null, Buffer.from(body), key, given);
  const expected = createHmac('sha256', key).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

interface CallerKeyEnv {
  /** This process's private key: base64 of its PKCS#8 DER, or `hmac:<base64 secret>` (in-process transport only). */
  CALLER_KEY?: string | undefined;
  /** The issuers believed, `issuer=<base64 SPKI DER>` (or `issuer=hmac:<base64 secret>`) joined by commas. */
  CALLER_TRUST?: string | undefined;
  /** HMAC keys are refused unless every caller and callee is in this one process. */
  TRANSPORT?: 'inprocess' | 'nats' | undefined;
}

const HMAC_PREFIX = 'hmac:';
const HMAC_MIN_BYTES = 32;

/** The keys a process's environment gives it; a malformed key stops the boot with a message naming the variable. */
export const callerKeysFromEnv = (issuer: CallerIssuer, env: CallerKeyEnv): CallerKeys => {
  const signingKey = env.CALLER_KEY ?? '';
  const signing = signingKey
    ? { issuer, key: signingKey.startsWith(HMAC_PREFIX) ? readSecret('CALLER_KEY', signingKey, env) : readKey('CALLER_KEY', () => createPrivateKey({ key: Buffer.from(signingKey, 'base64'), format: 'der', type: 'pkcs8' })) }
    : null;
  const trusted = new Map<CallerIssuer, KeyObject>();
  for (const entry of (env.CALLER_TRUST ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [name = '', value = ''] = entry.split('=', 2);
    const parsedName = callerIssuerSchema.safeParse(name);
    if (!parsedName.success || !value) throw new Error(`CALLER_TRUST: "${name}" is not an issuer=key pair of a known issuer`);
    const variable = `CALLER_TRUST (${name})`;
    trusted.set(parsedName.data, value.startsWith(HMAC_PREFIX) ? readSecret(variable, value, env) : readKey(variable, () => createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' })));
  }
  return { signing, trusted };
};

/**
 * An HMAC secret: whoever can check a token made with it can also make one, so it is only for the embedded process,
 * where the signer and the checker are the same program anyway (docs/decisions/023). Over NATS it would let any
 * service forge the gateway's users: refused.
 */
const readSecret = (variable: string, value: string, env: CallerKeyEnv): KeyObject => {
  if (env.TRANSPORT !== 'inprocess') throw new Error(`${variable}: an hmac: key is only for the in-process transport (TRANSPORT=inprocess); over NATS use Ed25519 keys`);
  const secret = Buffer.from(value.slice(HMAC_PREFIX.length), 'base64');
  if (secret.length < HMAC_MIN_BYTES) throw new Error(`${variable}: an hmac: key needs at least ${HMAC_MIN_BYTES} bytes of base64`);
  return createSecretKey(secret);
};

const readKey = (variable: string, read: () => KeyObject): KeyObject => {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    throw new Error(`${variable}: not a base64 DER key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${variable}: must be an Ed25519 key`);
  return key;
};

export interface GeneratedCallerKeys {
  /** Each issuer's CALLER_KEY. */
  keys: Record<CallerIssuer, string>;
  /** The CALLER_TRUST every service gets. */
  trust: string;
}

/**
 * Fresh keys for the issuers named (the embedded launcher, the start script and the tests make theirs this way):
 * Ed25519 pairs, or with `kind: 'hmac'` one HMAC secret per issuer, for the in-process transport only.
 */
export const generateCallerKeys = (issuers: readonly CallerIssuer[], kind: 'ed25519' | 'hmac' = 'ed25519'): GeneratedCallerKeys => {
  const keys = {} as Record<CallerIssuer, string>;
  const trust: string[] = [];
  for (const issuer of issuers) {
    if (kind === 'hmac') {
      keys[issuer] = `${HMAC_PREFIX}${randomBytes(HMAC_MIN_BYTES).toString('base64')}`;
      trust.push(`${issuer}=${keys[issuer]}`);
      continue;
    }
    const pair = generateKeyPairSync('ed25519');
    keys[issuer] = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    trust.push(`${issuer}=${pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`);
  }
  return { keys, trust: trust.join(',') };
};

/** The issuers that sign in this product: the gateway for users, orders and pricing for themselves. */
export const CALLER_ISSUERS: readonly CallerIssuer[] = ['gateway', 'orders', 'pricing'];
