import { envFragments, requireNatsTls } from '@labeldesk/nest-config';
import { z } from 'zod';
import { trustProxySchema } from './trust-proxy';

export const gatewayEnvSchema = z.object({
  NODE_ENV: envFragments.nodeEnv,
  LOG_LEVEL: envFragments.logLevel,
  LOG_FORMAT: envFragments.logFormat,
  PORT: envFragments.port.default(3000),
  /** Prometheus metrics on a port of their own (`/metrics`), never on the public one; off when unset. */
  METRICS_PORT: envFragments.port.optional(),
  HOST: z.string().default('0.0.0.0'),
  TRANSPORT: envFragments.transport,
  NATS_URL: envFragments.natsUrl,
  NATS_USER: envFragments.natsUser,
  NATS_PASSWORD: envFragments.natsPassword,
  NATS_TLS_CA: envFragments.natsTlsFile,
  NATS_TLS_CERT: envFragments.natsTlsFile,
  NATS_TLS_KEY: envFragments.natsTlsFile,
  RPC_TIMEOUT_MS: envFragments.rpcTimeoutMs,
  /** The gateway's caller-token key: it vouches for signed-in users to each service with the key it shares with it. */
  CALLER_KEY: envFragments.callerKey,
  /** Every party's public caller-token key (the services it calls). */
  CALLER_TRUST: envFragments.callerTrust,
  /**
   * How long a verified token's caller is kept before auth is asked again (decision 019); never past the token's own
   * expiry, dropped at once on auth's user events. 0 asks auth on every request. The bound on a lost event.
   */
  VERIFIED_CALLER_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * How long an account summary (the balance verify and the dashboard show) is kept, dropped at once on payments'
   * account-changed event (decision 025). 0 asks payments on every request. The bound on a lost event.
   */
  ACCOUNT_SUMMARY_TTL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * How long a label purchase is waited for: then 202 with the order pending when orders has it (finished or refunded
   * by recovery, pending in Orders meanwhile), 503 "not charged" when it has none (orders writes none after that).
   */
  ORDER_REPLY_WAIT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** The operator's community chat (the landing page's footer link); no link when unset. */
  COMMUNITY_CHAT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  /** A support chat widget's script (spec 1: bottom right, third-party); none when unset. Its origin is allowed by the CSP. */
  CHAT_WIDGET_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  /** Where people reach the app (links in e-mails point here); default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** The built web app; the gateway serves it when the folder exists. */
  WEB_DIST: z.string().optional(),
  /** Sign-in and registration attempts per client address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Requests per API key per minute, one limit across the gateway replicas (decision 049). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Top-up invoices per client address per minute (each one is an invoice at the payment server). */
  TOPUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Whose X-Forwarded-For gives the client address (rate limits, sign-in throttling): the proxies' addresses and
   * CIDRs, comma-separated, or a hop count, safe only when the gateway is reachable through the proxy alone (decision 039).
   */
  TRUST_PROXY: trustProxySchema,
  /** Admins must turn on two-factor sign-in before the admin area answers them (403 AUTH_TWO_FACTOR_ENROLMENT_REQUIRED). */
  ADMIN_2FA_REQUIRED: envFragments.bool.default(false),
  /** HSTS only behind TLS: on plain HTTP it would lock LAN users out. */
  HSTS: envFragments.bool.default(false),
  /** Origin of the payment server allowed to load its modal script and frame (CSP); defaults to BTCPAY_URL's. */
  PAYMENT_SERVER_ORIGIN: z.string().url().optional(),
  BTCPAY_URL: z.string().url().optional(),
}).superRefine(requireNatsTls).transform((env) => ({ ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') }));
export type GatewayEnv = z.output<typeof gatewayEnvSchema>;
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
