import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import * as contracts from '@labeldesk/contracts';
import { controllersOf, generateCallerKeys, handlerCallersOf, SUBJECTS_WITHOUT_CALLER, type HandlerCaller } from '@labeldesk/nest-transport';
import { join } from 'node:path';
import type { z } from 'zod';

/**
 * Decision 036: every subject that changes or reveals account state takes a caller token. This walks every handler
 * the apps serve (their root modules, as Nest would load them) and every subject libs/contracts declares. The apps are
 * loaded from their sources by path, as the system starters here load their builds.
 */
const root = join(__dirname, '../../../..');

interface ModuleSource {
  schema: z.ZodType;
  module: (env: never) => Type | DynamicModule;
}

const callers = generateCallerKeys();
const envFor = (party: keyof typeof callers.keys): Record<string, string> => ({
  TRANSPORT: 'inprocess',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  CALLER_KEY: callers.keys[party],
  CALLER_TRUST: callers.trust,
  JWT_SECRET: 'x'.repeat(48),
  PUBLIC_URL: 'http://localhost:3000',
  PORT: '0',
});

const serviceSource = async (name: contracts.ServiceName): Promise<ModuleSource> => {
  const definition = ((await import(join(root, 'services', name, 'src', 'service.ts'))) as Record<string, { envSchema: z.ZodType; module: ModuleSource['module'] }>)[`${name}Service`];
  if (!definition) throw new Error(`services/${name}/src/service.ts exports no ${name}Service`);
  return { schema: definition.envSchema, module: definition.module };
};

const gatewaySource = async (): Promise<ModuleSource> => {
  const { gatewayEnvSchema } = (await import(join(root, 'gateway', 'src', 'config', 'env.schema.ts'))) as { gatewayEnvSchema: z.ZodType };
  const { GatewayModule } = (await import(join(root, 'gateway', 'src', 'app.module.ts'))) as { GatewayModule: { forEnv: ModuleSource['module'] } };
  return { schema: gatewayEnvSchema, module: (env) => GatewayModule.forEnv(env) };
};

const handlersOf = (party: keyof typeof callers.keys, source: ModuleSource): HandlerCaller[] =>
  controllersOf(source.module(source.schema.parse(envFor(party)) as never)).flatMap(handlerCallersOf);

const isContract = (value: unknown): value is contracts.AnyRpcContract | contracts.AnyEventContract =>
  typeof value === 'object' && value !== null && 'subject' in value && 'kind' in value && (value.kind === 'rpc' || value.kind === 'event');

/** Every subject libs/contracts declares: its contracts, the groups of them (`AuthRpc`, …) and each service's health check. */
const declaredSubjects = (): Set<string> => {
  const subjects = new Set<string>(contracts.SERVICE_NAMES.map((service) => contracts.healthRpc(service).subject));
  for (const exported of Object.values(contracts)) {
    const candidates = isContract(exported) ? [exported] : typeof exported === 'object' && exported !== null ? Object.values(exported) : [];
    for (const candidate of candidates) if (isContract(candidate)) subjects.add(candidate.subject);
  }
  return subjects;
};

describe('subjects served without a caller token', () => {
  const handlers: HandlerCaller[] = [];
  const declared = declaredSubjects();

  beforeAll(async () => {
    for (const name of contracts.SERVICE_NAMES) handlers.push(...handlersOf(name, await serviceSource(name)));
    handlers.push(...handlersOf('gateway', await gatewaySource()));
  }, 60_000);

  it('finds every handler of every app (a walk that missed some would prove nothing)', () => {
    expect(handlers.length).toBeGreaterThan(60);
    const served = new Set(handlers.map((handler) => handler.subject));
    expect([...declared].filter((subject) => !served.has(subject))).toEqual([]);
    expect(handlers.filter((handler) => !declared.has(handler.subject)).map((handler) => handler.where)).toEqual([]);
  });

  it('takes a caller token on every subject but the ones listed, with their reasons, in SUBJECTS_WITHOUT_CALLER', () => {
    const withoutCaller = handlers.filter((handler) => !handler.requiresCaller);
    const unlisted = withoutCaller.filter((handler) => !(handler.subject in SUBJECTS_WITHOUT_CALLER));
    expect(unlisted.map((handler) => `${handler.subject} (${handler.where})`)).toEqual([]);
  });

  it('lists only subjects that are served, and served without a caller (an entry outliving its reason is removed)', () => {
    const withoutCaller = new Set(handlers.filter((handler) => !handler.requiresCaller).map((handler) => handler.subject));
    expect(Object.keys(SUBJECTS_WITHOUT_CALLER).filter((subject) => !withoutCaller.has(subject))).toEqual([]);
  });

  it('takes a caller token on the password-reset, sign-in (both steps) and registration subjects', () => {
    const taking = new Set(handlers.filter((handler) => handler.requiresCaller).map((handler) => handler.subject));
    for (const contract of [contracts.PasswordResetRpc.request, contracts.PasswordResetRpc.complete, contracts.PasswordResetRpc.issue, contracts.AuthRpc.login, contracts.AuthRpc.register, contracts.TwoFactorRpc.login, contracts.TwoFactorRpc.verify]) {
      expect(taking.has(contract.subject)).toBe(true);
    }
  });

  it('serves every request handler of every service through its contract, so with the access the contract declares (decisions 049, 080)', () => {
    const undeclared = handlers.filter((handler) => handler.kind === 'rpc' && !handler.policy).map((handler) => `${handler.subject} (${handler.where}): serve it with @RpcHandler(contract)`);
    expect(undeclared).toEqual([]);
  });

  it("declares 'public' exactly on the subjects served without a caller, so the policy and the list cannot disagree", () => {
    const publicRpc = handlers.filter((handler) => handler.kind === 'rpc' && handler.policy?.who === 'public').map((handler) => handler.subject).sort();
    const listed = Object.keys(SUBJECTS_WITHOUT_CALLER).filter((subject) => handlers.some((handler) => handler.kind === 'rpc' && handler.subject === subject)).sort();
    expect(publicRpc).toEqual(listed);
  });
});
