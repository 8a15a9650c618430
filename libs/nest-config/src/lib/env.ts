import { accessSync, constants } from 'node:fs';
import { z } from 'zod';

/** Raised at boot when the environment is wrong; its message lists every bad variable at once. */
export class EnvironmentError extends Error {
  constructor(service: string, issues: string[]) {
    super(`${service}: invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvironmentError';
  }
}

export type EnvSource = Record<string, string | undefined>;

/** Parses the environment once, at boot: a service with a bad config must not start at all. */
export const loadEnv = <S extends z.ZodType>(service: string, schema: S, source: EnvSource): z.output<S> => {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  throw new EnvironmentError(
    service,
    parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`),
  );
};

const callerKey = z.string().min(40, { error: 'must be a base64 PKCS#8 DER X25519 key' });

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A file the process must read at boot (a certificate, a key): checked now, not at the first connection. */
const readableFile = z.string().min(1).refine(
  (path) => {
    try {
      accessSync(path, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be the path of a readable file' },
);

export const envFragments = {
  nodeEnv: z.enum(['development', 'test', 'production']).default('development'),
  logLevel: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  logFormat: z.enum(['json', 'pretty']).default('json'),
  transport: z.enum(['inprocess', 'nats']).default('nats'),
  natsUrl: z.string().url().default('nats://127.0.0.1:4222'),
  /** This process's NATS account (deploy/nats/nats.conf): it may publish and subscribe only what it needs. */
  natsUser: z.string().regex(/^[a-z]+$/, { error: 'must be a lower-case name' }).optional(),
  natsPassword: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  /**
   * Mutual TLS to NATS (docs/decisions/035): the CA that signed the server's certificate, and this process's own
   * certificate and key (PEM files), which the server requires.
   */
  natsTlsFile: readableFile.optional(),
  rpcTimeoutMs: z.coerce.number().int().min(100).max(120_000).default(10_000),
  databaseUrl: z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' }),
  dbPoolMax: z.coerce.number().int().min(1).max(50).default(5),
  port: z.coerce.number().int().min(0).max(65_535),
  /** Where people reach the app: an http(s) URL, without a trailing slash (links are built by appending a path). */
  publicUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).transform((url) => url.replace(/\/+$/, '')),
  /**
   * This process's X25519 private key for caller tokens (base64 PKCS#8 DER): every process has one, because a token
   * between two parties is keyed with the key only they can derive (docs/decisions/028).
   */
  callerKey,
  /** Every party's X25519 public key: `party=<base64 SPKI DER>` joined by commas. */
  callerTrust: z.string().min(1, { error: 'must list the parties\' public keys (party=<base64 key>,…)' }),
  bool,
};

const NATS_TLS_VARIABLES = ['NATS_TLS_CA', 'NATS_TLS_CERT', 'NATS_TLS_KEY'] as const;

interface NatsTlsEnv {
  NODE_ENV: 'development' | 'test' | 'production';
  TRANSPORT: 'inprocess' | 'nats';
  NATS_TLS_CA?: string | undefined;
  NATS_TLS_CERT?: string | undefined;
  NATS_TLS_KEY?: string | undefined;
}

/**
 * The TLS files go together: half a set would connect without a certificate and be refused by the server, so it is
 * refused here, naming what is missing. In production every NATS connection is mutual TLS (the network inside the
 * cluster is not trusted, decision 012), so there the set is required; outside production a process may still talk
 * to a bare local nats-server (the project's own nats.conf refuses it: it requires TLS).
 */
export const requireNatsTls = (env: NatsTlsEnv, ctx: z.RefinementCtx): void => {
  if (env.TRANSPORT !== 'nats') return;
  const missing = NATS_TLS_VARIABLES.filter((name) => !env[name]);
  if (missing.length === 0) return;
  if (missing.length < NATS_TLS_VARIABLES.length) {
    for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: 'NATS_TLS_CA, NATS_TLS_CERT and NATS_TLS_KEY go together' });
  } else if (env.NODE_ENV === 'production') {
    for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: 'required in production with TRANSPORT=nats (NATS connections are mutual TLS)' });
  }
};

/** Every service reads these. */
export const baseServiceEnvSchema = z.object({
  NODE_ENV: envFragments.nodeEnv,
  LOG_LEVEL: envFragments.logLevel,
  LOG_FORMAT: envFragments.logFormat,
  TRANSPORT: envFragments.transport,
  NATS_URL: envFragments.natsUrl,
  NATS_USER: envFragments.natsUser,
  NATS_PASSWORD: envFragments.natsPassword,
  NATS_TLS_CA: envFragments.natsTlsFile,
  NATS_TLS_CERT: envFragments.natsTlsFile,
  NATS_TLS_KEY: envFragments.natsTlsFile,
  RPC_TIMEOUT_MS: envFragments.rpcTimeoutMs,
  DATABASE_URL: envFragments.databaseUrl,
  DB_POOL_MAX: envFragments.dbPoolMax,
  HEALTH_PORT: envFragments.port.optional(),
  CALLER_KEY: envFragments.callerKey,
  CALLER_TRUST: envFragments.callerTrust,
}).superRefine(requireNatsTls);
export type BaseServiceEnv = z.output<typeof baseServiceEnvSchema>;
