import { Test } from '@nestjs/testing';
import { API_SCOPES, singleOrderSchema, WEBHOOK_EVENT_BODIES, WEBHOOK_EVENT_TYPES } from '@labeldesk/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GatewayModule } from '../app.module';
import { inProcessGatewayEnv } from '../testing/in-process-env';
import { API_EXAMPLES } from './api-examples';
import { buildOpenApi } from './openapi.builder';
import { type DocumentedRoute, RouteCatalogue } from './route-catalogue';

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, Schema> };
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name?: string; in?: string; $ref?: string }>;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
}
interface Document {
  info: { description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, { name: string; in: string }> };
}

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

const root = join(__dirname, '../../..');

/** `@redocly/cli lint` with the project's rules (redocly.yaml), offline: no telemetry, no update check. */
const lint = async (document: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_OPTIONS: '' };
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'], { env, cwd: dir, maxBuffer: 64 << 20 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
    const start = run.stdout.indexOf('{');
    if (start < 0) throw new Error(`redocly printed no report: ${run.stderr}`);
    return JSON.parse(run.stdout.slice(start)) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

describe('the OpenAPI document of /api/docs/openapi.json', () => {
  let routes: DocumentedRoute[];
  let document: Document;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(inProcessGatewayEnv())] }).compile();
    routes = moduleRef.get(RouteCatalogue).routes();
    await moduleRef.close();
    document = buildOpenApi(routes, '0.1.0', { serverUrl: 'https://labels.example.org', apiKeyRequestsPerMinute: 90 }) as unknown as Document;
  });

  it('passes redocly lint with the project rules with no error, and answers no 4xx only on public routes that take no input', async () => {
    const report = await lint(document);
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const without4xx = report.problems.filter((p) => p.ruleId === 'operation-4xx-response').map((p) => p.location[0]?.pointer ?? '');
    const inputless = routes.filter((r) => r.policy?.who === 'public' && !r.doc?.body && !r.doc?.query && !r.path.includes('{'));
    for (const pointer of without4xx) {
      const [, path = '', method = ''] = /^#\/paths\/(.+)\/(\w+)\/responses$/.exec(pointer) ?? [];
      expect(inputless.map((r) => `${r.path} ${r.method}`)).toContain(`${path.replace(/~1/g, '/').replace(/~0/g, '~')} ${method}`);
    }
  }, 60_000);

  it('names every operation after its handler, once, so a route added to any controller has an operationId', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/orders/v2']?.['post']?.operationId).toBe('ordersPlaceSingle');
    expect(document.paths['/api/rates']?.['post']?.operationId).toBe('ratesCompare');
  });

  it('documents the success status each route answers: 201 for a POST without @HttpCode, its @HttpCode otherwise', () => {
    const wrong = routes.filter((r) => !(String(r.status) in (document.paths[r.path]?.[r.method]?.responses ?? {}))).map((r) => r.where);
    expect(wrong).toEqual([]);
    // A route's @ApiDoc status, when given, is the one it answers.
    expect(routes.filter((r) => r.doc?.status !== undefined && r.doc.status !== r.status).map((r) => `${r.where}: documented ${r.doc?.status}, answers ${r.status}`)).toEqual([]);
    expect(Object.keys(document.paths['/api/auth/register']?.['post']?.responses ?? {})).toContain('201');
    expect(Object.keys(document.paths['/api/orders/v2']?.['post']?.responses ?? {})).toEqual(expect.arrayContaining(['200', '202', '400', '401', '402', '403', '409', '429', '502', '503']));
  });

  it('documents 429 where a throttler guards the route (sign-in, registration, top-ups) and where API keys are counted', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    for (const [path, method] of [['/api/auth/login', 'post'], ['/api/auth/register', 'post'], ['/api/auth/2fa/verify', 'post'], ['/api/payment/top-up/{userId}', 'get'], ['/api/rates', 'post']]) {
      expect(`${method} ${path}: ${statuses(path ?? '', method ?? '').join(',')}`).toContain('429');
    }
    expect(statuses('/api/health', 'get')).not.toContain('429');
  });

  it('answers every error with the one named Error schema', () => {
    const errorRefs = operations(document).flatMap(({ operation }) =>
      Object.entries(operation.responses).filter(([status]) => status === 'default' || Number(status) >= 400).map(([, answer]) => answer.content?.['application/json'].schema.$ref),
    );
    expect(errorRefs.length).toBeGreaterThan(operations(document).length);
    expect(new Set(errorRefs)).toEqual(new Set(['#/components/schemas/Error']));
  });

  it('declares the Idempotency-Key header on the purchases that read it', () => {
    const withKey = operations(document).filter(({ operation }) => operation.parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'));
    expect(withKey.map(({ operation }) => operation.operationId)).toContain('ordersPlaceSingle');
    expect(document.components.parameters['IdempotencyKey']).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });

  it('lists the credentials of each route and the API-key scope it needs, from the one list of scopes', () => {
    expect(document.paths['/api/orders/v2']?.['post']?.security).toEqual([{ sessionToken: [] }, { apiKey: ['labels:buy'] }]);
    const scopes = new Set(operations(document).flatMap(({ operation }) => operation.security.flatMap((s) => s['apiKey'] ?? [])));
    expect([...scopes].sort()).toEqual([...API_SCOPES].sort());
  });

  it('asks a purchase for what the server requires: dimensions and weight, not the phones, company, street 2, description or references', () => {
    const order = document.components.schemas['SingleOrder'];
    expect(document.paths['/api/orders/v2']?.['post']?.requestBody?.content['application/json'].schema.$ref).toBe('#/components/schemas/SingleOrder');
    expect(order?.properties?.['package']?.required?.sort()).toEqual(['package_height', 'package_length', 'package_weight', 'package_width']);
    expect(order?.properties?.['sender']?.required).not.toEqual(expect.arrayContaining(['sender_phone']));
    for (const field of ['receiver_phone', 'receiver_company', 'receiver_address2']) expect(order?.properties?.['receiver']?.required).not.toContain(field);
    // A receiver abroad may have no postal code (Hong Kong): its country decides (decision 098), so the key is not required.
    expect(order?.properties?.['receiver']?.required).toEqual(expect.arrayContaining(['receiver_name', 'receiver_address1', 'receiver_city']));
    // The server agrees: the optional ones left out, the order is valid; without a weight it is not.
    const example = API_EXAMPLES['ordersPlaceSingle']?.[0]?.body as { package: Record<string, unknown> };
    expect(singleOrderSchema.safeParse(example).success).toBe(true);
    const { package_weight: _weight, ...noWeight } = example.package;
    expect(singleOrderSchema.safeParse({ ...example, package: noWeight }).success).toBe(false);
  });

  it('describes every webhook event with its payload, its sequence and how to order deliveries by it', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENT_BODIES).sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ref = document.webhooks[type]?.post.requestBody?.content['application/json'].schema.$ref ?? '';
      expect(document.components.schemas[ref.split('/').pop() ?? '']?.required).toEqual(['type', 'timestamp', 'sequence', 'data']);
      expect(document.webhooks[type]?.post.description).toContain('use `sequence` per resource');
    }
    expect(document.info.description).toContain('Deliveries may arrive out of order (retries, replays, several replicas): use `sequence` per resource');
  });

  it('serves from a named server and publishes only examples of operations that exist', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://labels.example.org' })]);
    const ids = new Set(operations(document).map(({ operation }) => operation.operationId));
    expect(Object.keys(API_EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });
});
