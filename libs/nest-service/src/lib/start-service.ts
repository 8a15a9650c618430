import { Logger, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@labeldesk/contracts';
import { createLogger, loadEnv, metrics, runUntilSignal, startIdleCollector, type BaseServiceEnv, type EnvSource } from '@labeldesk/nest-config';
import { ORM } from '@labeldesk/nest-orm';
import { createServerStrategy, DomainErrorFilter, transportFromEnv } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type Server } from 'node:http';
import type { z } from 'zod';
import { checkHealth } from './health.module';

export interface ServiceDefinition<S extends z.ZodType<BaseServiceEnv>> {
  name: ServiceName;
  envSchema: S;
  /** The root module for a validated environment. */
  module: (env: z.output<S>) => Type | import('@nestjs/common').DynamicModule;
}

export interface RunningService {
  app: INestMicroservice;
  /** Readiness answers 503 from now on; messages are still served until close. */
  drain(): void;
  close(): Promise<void>;
}

/**
 * Starts one service: environment checked first (a bad one stops the boot with every problem listed),
 * migrations run by the ORM module, then the transport listens. A HEALTH_PORT adds HTTP probes for Kubernetes:
 * `/live` (the process answers; it starts only after migrations, so it also serves as the startup probe) and `/ready`.
 */
export const startService = async <S extends z.ZodType<BaseServiceEnv>>(
  definition: ServiceDefinition<S>,
  source: EnvSource,
): Promise<RunningService> => {
  const env = loadEnv(definition.name, definition.envSchema, source);
  const logger = createLogger(definition.name, env.LOG_LEVEL, env.LOG_FORMAT);
  const app = await NestFactory.createMicroservice(definition.module(env), {
    strategy: createServerStrategy(transportFromEnv(env, definition.name), definition.name),
    logger,
    bufferLogs: true,
  });
  app.useGlobalFilters(new DomainErrorFilter());
  await app.listen();
  const state = { draining: false };
  const probe = env.HEALTH_PORT !== undefined ? await startProbe(definition.name, app, env.HEALTH_PORT, state) : null;
  startIdleCollector();
  new Logger(definition.name).log(`${definition.name} service ready (${env.TRANSPORT})`);
  return {
    app,
    drain: () => {
      state.draining = true;
    },
    close: async () => {
      state.draining = true;
      // The transport drains first (no new messages, in-flight ones answered), then the rest closes.
      await app.close();
      probe?.close();
    },
  };
};

const startProbe = (service: ServiceName, app: INestMicroservice, port: number, state: { draining: boolean }): Promise<Server> => {
  const orm = app.get<MikroORM>(ORM);
  const server = createServer((req, res) => {
    // Liveness is the process answering, nothing more: a database outage must not get every replica restarted.
    if (req.url === '/metrics') {
      void metrics.metrics().then((text) => {
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(text);
      });
      return;
    }
    if (req.url === '/live') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service, status: 'live' }));
      return;
    }
    // Readiness (`/ready`, and `/` for the probes of earlier manifests): it can serve, its database answers.
    if (state.draining) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service, status: 'stopping' }));
      return;
    }
    void checkHealth(service, orm).then((health) => {
      res.writeHead(health.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(health));
    });
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
};

/** For a service's own process (distributed mode). */
export const runAsProcess = <S extends z.ZodType<BaseServiceEnv>>(definition: ServiceDefinition<S>): Promise<void> =>
  runUntilSignal(definition.name, () => startService(definition, process.env));
