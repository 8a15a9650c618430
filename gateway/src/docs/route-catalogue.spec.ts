import { Test } from '@nestjs/testing';
import { bulkOrdersQuerySchema, bulkProcessBodySchema, loginRequestSchema } from '@labeldesk/contracts';
import { loadEnv } from '@labeldesk/nest-config';
import { generateCallerKeys } from '@labeldesk/nest-transport';
import { GatewayModule } from '../app.module';
import { gatewayEnvSchema } from '../config/env.schema';
import { buildOpenApi } from './openapi.builder';
import { RouteCatalogue } from './route-catalogue';

describe('RouteCatalogue and /api/docs', () => {
  let routes: ReturnType<RouteCatalogue['routes']>;

  beforeAll(async () => {
    const callers = generateCallerKeys();
    const env = loadEnv('gateway', gatewayEnvSchema, { TRANSPORT: 'inprocess', CALLER_KEY: callers.keys.gateway, CALLER_TRUST: callers.trust });
    const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(env)] }).compile();
    routes = moduleRef.get(RouteCatalogue).routes();
    await moduleRef.close();
  });

  it('documents every route the gateway serves, so the docs cannot drift from the code', () => {
    const undocumented = routes.filter((r) => !r.doc).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it('documents each body and query with the very schema the route validates it with', () => {
    const drifted = routes
      .filter((r) => (r.validated.body && r.validated.body !== r.doc?.body) || (r.validated.query && r.validated.query !== r.doc?.query))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(drifted).toEqual([]);
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    // The check above reads the pipes themselves: these prove it sees them.
    expect(find('post', '/api/auth/login')?.validated.body).toBe(loginRequestSchema);
    expect(find('post', '/api/orders/bulk/process/{userId}')?.validated.body).toBe(bulkProcessBodySchema);
    expect(find('get', '/api/orders/bulk/{userId}')?.validated.query).toBe(bulkOrdersQuerySchema);
  });

  it('lists the spec routes with their access rules', () => {
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(find('post', '/api/auth/login')?.access).toBe('public');
    expect(find('get', '/api/orders/{userId}')?.access).toBe('signed in');
    expect(find('get', '/api/auth/users')?.access).toBe('admin');
    expect(find('delete', '/api/auth/users/{id}')?.access).toBe('admin');
    expect(find('post', '/api/payment/webhook')?.access).toBe('public');
    expect(find('put', '/api/defaultServices/{id}/prices')?.access).toBe('admin');
  });

  it('builds OpenAPI 3.1 with request and response schemas from the zod contracts', () => {
    const document = buildOpenApi(routes, '0.1.0') as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters: Array<{ name: string }> }>> };
    expect(document.openapi).toBe('3.1.0');
    const register = document.paths['/api/auth/register']?.['post'] as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
    expect(register.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'confirmPassword']));
    expect(document.paths['/api/payment/deposits/{userId}']?.['get']?.parameters.map((p) => p.name)).toEqual(['userId', 'page', 'limit', 'filter']);
  });
});
