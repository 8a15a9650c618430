import {
  callerIssuerSchema,
  SERVICE_NAMES,
  callerSchema,
  DomainError,
  ErrorCode,
  isServiceCaller,
  serviceCallerSchema,
  visitorCallerSchema,
  type AnyCaller,
  type CallerIssuer,
  type VisitorCaller,
} from '@labeldesk/contracts';
import { createHash, createHmac, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** Long enough for a request to cross a busy bus and a clock skew between pods; short enough that a copy is soon worthless. */
export const CALLER_TOKEN_TTL_MS = 60_000;
const VERSION = 'v2';

const claimsSchema = z.object({
  iss: callerIssuerSchema,
  sub: z.union([callerSchema.strict(), serviceCallerSchema.strict(), visitorCallerSchema.strict()]),
  /** The subject the token was made for: it cannot be replayed on another one. */
  aud: z.string(),
  exp: z.number().int(),
  /** SHA-256 of the request as sent: it cannot be replayed with another body. */
  dig: z.string(),
});
type Claims = z.infer<typeof claimsSchema>;

/**
 * Every process's parties: the gateway and each service. Each has an X25519 key pair; a token from one party to another
 * is authenticated with the key only that pair can derive (docs/decisions/028).
 */
export const CALLER_PARTIES: readonly CallerIssuer[] = ['gateway', ...SERVICE_NAMES];

/**
 * The parties that vouch for callers in this product: the gateway for users; orders, pricing and payments (which
 * relays its webhook events to orders, docs/decisions/051) for themselves.
 */
export const CALLER_ISSUERS: readonly CallerIssuer[] = ['gateway', 'orders', 'pricing', 'payments'];

export interface CallerKeys {
  /** This process's party and its X25519 private key. */
  own: { party: CallerIssuer; key: KeyObject };
  /** The X25519 public keys of the parties this process talks to (itself included when it calls itself). */
  peers: ReadonlyMap<CallerIssuer, KeyObject>;
}

/** Why a token was refused; the caller is told only "could not be verified", the log gets the reason. */
export class CallerTokenError extends DomainError {
  constructor(readonly reason: string) {
    super(ErrorCode.UNAUTHENTICATED, 'The caller could not be verified');
  }
}

const digest = (payload: unknown): string => createHash('sha256').update(JSON.stringify(payload ?? null)).digest('base64url');

/** The party that serves a subject: its first segment (`payments.account.credit.v1` → payments); '' if it has none. */
const partyOf = (subject: string): string => {
  const dot = subject.indexOf('.');
  return dot > 0 ? subject.slice(0, dot) : '';
};

/**
 * The key two parties share: HKDF-SHA256 of their X25519 agreement, bound to the pair's names. Either side derives it
 * from its own private key and the other's public key; no third party can.
 */
const pairKey = (own: { party: CallerIssuer; key: KeyObject }, peer: CallerIssuer, peerKey: KeyObject): Buffer => {
  const shared = diffieHellman({ privateKey: own.key, publicKey: peerKey });
  const info = `labeldesk caller tokens ${VERSION} ${[own.party, peer].sort().join(' ')}`;
  return Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), info, 32));
};

/**
 * Caller identity between processes: `v2.<claims>.<HMAC-SHA256>`, made per request by the process that vouches for
 * the caller, keyed with the key it shares with the service that serves the subject, and checked by that service.
 * Only the gateway vouches for users (it verified their session); orders, pricing and payments vouch only for themselves. A
 * token is bound to one subject, one body and one minute; a service that can check a token can make one only for
 * itself (the pair's key), never for another service.
 */
export class CallerTokens {
  private readonly pairKeys = new Map<string, Buffer>();

  constructor(private readonly keys: CallerKeys) {
    for (const [peer, key] of keys.peers) this.pairKeys.set(peer, pairKey(keys.own, peer, key));
  }

  /** The party this process vouches as, if it vouches for anyone. */
  get issuer(): CallerIssuer | null {
    return CALLER_ISSUERS.includes(this.keys.own.party) ? this.keys.own.party : null;
  }

  /** A visitor, like a user, is vouched for by the gateway only. */
  sign(identity: AnyCaller | VisitorCaller, subject: string, payload: unknown, now = Date.now()): string {
    const issuer = this.issuer;
    if (!issuer) throw new DomainError(ErrorCode.INTERNAL, `${this.keys.own.party} does not vouch for callers`);
    if (isServiceCaller(identity) ? identity.service !== issuer : issuer !== 'gateway') {
      throw new DomainError(ErrorCode.INTERNAL, `${issuer} cannot vouch for ${JSON.stringify(identity)}`);
    }
    const key = this.pairKeys.get(partyOf(subject));
    if (!key) throw new DomainError(ErrorCode.INTERNAL, `No caller key for the party serving ${subject} (CALLER_TRUST)`);
    const claims: Claims = { iss: issuer, sub: onTheWire(identity), aud: subject, exp: now + CALLER_TOKEN_TTL_MS, dig: digest(payload) };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${VERSION}.${body}.${mac(body, key).toString('base64url')}`;
  }

  /** The caller a token vouches for; throws CallerTokenError unless every check passes. */
  verify(token: string, subject: string, payload: unknown, now = Date.now()): AnyCaller | VisitorCaller {
    const [version, body, signature, extra] = token.split('.');
    if (version !== VERSION || !body || !signature || extra !== undefined) throw new CallerTokenError('malformed token');
    const claims = claimsSchema.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
    if (!claims.success) throw new CallerTokenError('malformed claims');
    const { iss, sub, aud, exp, dig } = claims.data;
    // Only the service serving the subject shares the token's key with its issuer; anything else was misrouted.
    if (partyOf(subject) !== this.keys.own.party) throw new CallerTokenError(`${subject} is not served by ${this.keys.own.party}`);
    const key = CALLER_ISSUERS.includes(iss) ? this.pairKeys.get(iss) : undefined;
    if (!key) throw new CallerTokenError(`issuer ${iss} is not trusted`);
    const expected = mac(body, key);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new CallerTokenError(`bad signature for issuer ${iss}`);
    if (isServiceCaller(sub) ? sub.service !== iss : iss !== 'gateway') throw new CallerTokenError(`${iss} cannot vouch for ${JSON.stringify(sub)}`);
    if (aud !== subject) throw new CallerTokenError(`token for ${aud} used on ${subject}`);
    if (exp <= now || exp > now + 2 * CALLER_TOKEN_TTL_MS) throw new CallerTokenError('token expired or not yet valid');
    if (dig !== digest(payload)) throw new CallerTokenError('token made for another request body');
    return sub;
  }
}

/**
 * A session's caller goes out as `{userId, role}` (no method means a session). A login-as caller carries its method, so
 * a service knows an admin is acting in the customer's name; an API key's carries its method and scopes. Every
 * service parses both since the release that brought API keys (the tolerant first step of decision 049), so a rolling
 * update from it takes them.
 */
const onTheWire = (identity: AnyCaller | VisitorCaller): AnyCaller | VisitorCaller => {
  if (!('userId' in identity) || identity.authMethod === 'api_key') return identity;
  const withheld = identity.adminPowersWithheld ? { adminPowersWithheld: true as const } : {};
  if (identity.authMethod === 'login_as') {
    const impersonator = identity.impersonatorId === undefined ? {} : { impersonatorId: identity.impersonatorId };
    return { userId: identity.userId, role: identity.role, authMethod: 'login_as', ...impersonator, ...withheld };
  }
  return { userId: identity.userId, role: identity.role, ...withheld };
};

const mac = (body: string, key: Buffer): Buffer => createHmac('sha256', key).update(body).digest();

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

interface CallerKeyEnv {
  /** This process's X25519 private key: base64 of its PKCS#8 DER. */
  CALLER_KEY?: string | undefined;
  /** Every party's X25519 public key, `party=<base64 SPKI DER>` joined by commas. */
  CALLER_TRUST?: string | undefined;
}

/**
 * The keys a process's environment gives it. A missing or malformed key stops the boot with a message naming the
 * variable, and so does a configuration that would let one party pass for another: this process's key not being the
 * one CALLER_TRUST lists for it, two parties with the same key (a key pasted twice), or a party listed twice.
 */
export const callerKeysFromEnv = (party: CallerIssuer, env: CallerKeyEnv): CallerKeys => {
  if (!env.CALLER_KEY) throw new Error('CALLER_KEY: required (this process\'s X25519 key for caller tokens)');
  const privateKey = env.CALLER_KEY;
  const own = { party, key: readKey('CALLER_KEY', 'private', () => createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' })) };
  const peers = new Map<CallerIssuer, KeyObject>();
  const owners = new Map<string, CallerIssuer>();
  for (const entry of (env.CALLER_TRUST ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const split = entry.indexOf('=');
    const [name, value] = split === -1 ? [entry, ''] : [entry.slice(0, split), entry.slice(split + 1)];
    const parsedName = callerIssuerSchema.safeParse(name);
    if (!parsedName.success || !value) throw new Error(`CALLER_TRUST: "${name}" is not a party=key pair of a known party`);
    if (peers.has(parsedName.data)) throw new Error(`CALLER_TRUST: ${name} is listed twice`);
    const key = readKey(`CALLER_TRUST (${name})`, 'public', () => createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' }));
    const spki = spkiOf(key);
    const twin = owners.get(spki);
    if (twin) throw new Error(`CALLER_TRUST: ${twin} and ${name} have the same key`);
    owners.set(spki, parsedName.data);
    peers.set(parsedName.data, key);
  }
  const listed = peers.get(party);
  if (!listed || spkiOf(listed) !== spkiOf(createPublicKey(own.key))) throw new Error(`CALLER_KEY: not the key CALLER_TRUST lists for ${party}`);
  return { own, peers };
};

const spkiOf = (key: KeyObject): string => key.export({ format: 'der', type: 'spki' }).toString('base64');

const readKey = (variable: string, kind: 'private' | 'public', read: () => KeyObject): KeyObject => {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    throw new Error(`${variable}: not a base64 DER ${kind} key`);
  }
  if (key.asymmetricKeyType !== 'x25519') throw new Error(`${variable}: must be an X25519 key`);
  return key;
};

export interface GeneratedCallerKeys {
  /** Each party's CALLER_KEY. */
  keys: Record<CallerIssuer, string>;
  /** The CALLER_TRUST every process gets. */
  trust: string;
}

/** Fresh X25519 keys for the parties named (the embedded launcher, the start script and the tests make theirs this way). */
export const generateCallerKeys = (parties: readonly CallerIssuer[] = CALLER_PARTIES): GeneratedCallerKeys => {
  const keys = {} as Record<CallerIssuer, string>;
  const trust: string[] = [];
  for (const party of parties) {
    const pair = generateKeyPairSync('x25519');
    keys[party] = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    trust.push(`${party}=${pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`);
  }
  return { keys, trust: trust.join(',') };
};
