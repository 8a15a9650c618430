import { NatsRecordBuilder, type ClientProxy, type CustomTransportStrategy } from '@nestjs/microservices';
import { headers as natsHeaders } from 'nats';
import type { Headers } from './in-process-bus';
import { InProcessClient } from './in-process.client';
import { InProcessRecord } from './in-process-record';
import { InProcessServer } from './in-process.server';
import { DrainingServerNats } from './draining-nats.server';
import { MuxedClientNats } from './muxed-nats.client';

/** Mutual TLS to NATS (docs/decisions/035): PEM files of the CA that signed the server, and this process's own pair. */
export interface NatsTlsFiles {
  caFile: string;
  certFile: string;
  keyFile: string;
}

export type TransportConfig =
  | { kind: 'inprocess' }
  | { kind: 'nats'; url: string; name: string; user?: string; password?: string; tls?: NatsTlsFiles };

interface TransportEnv {
  TRANSPORT: 'inprocess' | 'nats';
  NATS_URL: string;
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
  NATS_TLS_CA?: string | undefined;
  NATS_TLS_CERT?: string | undefined;
  NATS_TLS_KEY?: string | undefined;
}

/** The transport a process's environment asks for; `name` identifies the connection at the NATS server. */
export const transportFromEnv = (env: TransportEnv, name: string): TransportConfig =>
  env.TRANSPORT === 'inprocess'
    ? { kind: 'inprocess' }
    : {
        kind: 'nats',
        url: env.NATS_URL,
        name,
        ...(env.NATS_USER && env.NATS_PASSWORD ? { user: env.NATS_USER, password: env.NATS_PASSWORD } : {}),
        // The env schema refuses half a set (requireNatsTls), so a set here is a whole one.
        ...(env.NATS_TLS_CA && env.NATS_TLS_CERT && env.NATS_TLS_KEY
          ? { tls: { caFile: env.NATS_TLS_CA, certFile: env.NATS_TLS_CERT, keyFile: env.NATS_TLS_KEY } }
          : {}),
      };

/**
 * Signs in as the process's own NATS user; replies come to `_INBOX_<user>.…`, the only inbox that user may read
 * (deploy/nats/nats.conf), so no process sees another's replies. With TLS files the connection is TLS only and
 * presents the process's certificate; the password then travels inside TLS.
 */
export const natsConnectionOptions = (config: Extract<TransportConfig, { kind: 'nats' }>) => ({
  ...(config.user && config.password ? { user: config.user, pass: config.password, inboxPrefix: `_INBOX_${config.user}` } : {}),
  ...(config.tls ? { tls: { ...config.tls } } : {}),
});

/** How a message plus headers is wrapped for the chosen transport. */
export type RecordFactory = (data: unknown, headers: Headers) => unknown;

export const createRecordFactory = (config: TransportConfig): RecordFactory => {
  if (config.kind === 'inprocess') return (data, headers) => new InProcessRecord(data, headers);
  return (data, headers) => {
    const natsHeaderBag = natsHeaders();
    for (const [key, value] of Object.entries(headers)) natsHeaderBag.set(key, value);
    return new NatsRecordBuilder(data).setHeaders(natsHeaderBag).build();
  };
};

export const createClientProxy = (config: TransportConfig): ClientProxy => {
  if (config.kind === 'inprocess') return new InProcessClient();
  // ClientNats narrows the status type parameter; the generic proxy API is all we use.
  const nats: ClientProxy = new MuxedClientNats({
    servers: [config.url],
    name: `${config.name}-client`,
    maxReconnectAttempts: -1,
    ...natsConnectionOptions(config),
  }) as unknown as ClientProxy;
  return nats;
};

/** How long a stopping replica waits for its handlers to answer; it must fit in the pod's termination grace. */
export const REPLICA_DRAIN_GRACE_MS = 15_000;

/**
 * A service's server. `queue` puts replicas of one service in a NATS queue group so each request is served
 * once; the gateway passes no queue so every replica relays every event to its own sockets.
 */
export const createServerStrategy = (config: TransportConfig, queue: string | null): CustomTransportStrategy =>
  config.kind === 'inprocess'
    ? new InProcessServer()
    : new DrainingServerNats({
        servers: [config.url],
        name: config.name,
        ...natsConnectionOptions(config),
        ...(queue ? { queue } : {}),
        gracePeriod: REPLICA_DRAIN_GRACE_MS,
        maxReconnectAttempts: -1,
      });
