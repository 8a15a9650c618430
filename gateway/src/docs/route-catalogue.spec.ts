import { Test } from '@nestjs/testing';
import { API_SCOPE_MEANINGS, API_SCOPES, bulkOrdersQuerySchema, bulkProcessBodySchema, loginRequestSchema } from '@labeldesk/contracts';
import { GatewayModule } from '../app.module';
import { buildOpenApi } from './openapi.builder';
import { RouteCatalogue } from './route-catalogue';
import { inProcessGatewayEnv } from '../testing/in-process-env';

describe('RouteCatalogue and /api/docs', () => {
  let routes: ReturnType<RouteCatalogue['routes']>;

  beforeAll(async () => {
    const env = inProcessGatewayEnv();
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

  it('finds a declared access policy on every route (a new route fails here until it declares one)', () => {
    const undeclared = routes.filter((r) => !r.policy).map((r) => `${r.method.toUpperCase()} ${r.path} (${r.where}): add @Forwards(contract), or @SignedIn/@AdminOnly/@Public for a route that forwards to none`);
    expect(undeclared).toEqual([]);
  });

  it('names in every self-or-admin policy a parameter its route has', () => {
    const broken = routes
      .filter((r) => r.policy && typeof r.policy.who === 'object' && !r.path.includes(`{${r.policy.who.selfOrAdmin}}`))
      .map((r) => `${r.method.toUpperCase()} ${r.path} (${r.where})`);
    expect(broken).toEqual([]);
  });

  it('lists the spec routes with their access rules', () => {
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(find('post', '/api/auth/login')?.access).toBe('public');
    expect(find('get', '/api/orders/{userId}')?.access).toBe('signed in');
    expect(find('get', '/api/auth/users')?.access).toBe('admin');
    expect(find('delete', '/api/auth/users/{id}')?.access).toBe('admin');
    expect(find('post', '/api/payment/webhook')?.access).toBe('public');
    expect(find('put', '/api/defaultServices/{id}/prices')?.access).toBe('admin');
    expect([find('put', '/api/defaultServices/{id}/pricing')?.access, find('put', '/api/userServices/{userId}/{serviceId}/pricing')?.access]).toEqual(['admin', 'admin']);
    expect(find('get', '/api/orders/{userId}')?.policy).toEqual({ who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
    expect(find('post', '/api/keys')?.policy).toEqual({ who: 'signed-in', scope: null, holderOnly: true });
    expect(['setup', 'enable', 'disable', 'verify'].map((step) => find('post', `/api/auth/2fa/${step}`)?.access)).toEqual(['signed in', 'signed in', 'signed in', 'public']);
    expect(find('post', '/api/auth/2fa/enable')?.policy).toEqual({ who: 'signed-in', scope: null, holderOnly: true });
  });

  it("lists the buyers' tracking page as public and the seller's tracking links as theirs, API keys with labels:read", () => {
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(find('get', '/api/public/tracking/{token}')?.policy).toEqual({ who: 'public', scope: null });
    for (const path of ['/api/orders/{orderId}/tracking-link', '/api/orders/bulk/{orderId}/tracking-link/{trackingNumber}']) {
      expect([find('post', path)?.policy, find('delete', path)?.policy]).toEqual([
        { who: 'signed-in', scope: 'labels:read' },
        { who: 'signed-in', scope: 'labels:read' },
      ]);
    }
  });

  it("lists a receiver's unsubscribe link as public and the seller's tracking e-mail settings as sessions only", () => {
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    for (const method of ['get', 'post']) expect(find(method, '/api/public/tracking-emails/unsubscribe/{token}')?.policy).toEqual({ who: 'public', scope: null });
    for (const method of ['get', 'put']) expect(find(method, '/api/tracking-emails/settings')?.policy).toEqual({ who: 'signed-in', scope: null });
  });

  it('documents both credentials and the scope of each route', () => {
    const document = buildOpenApi(routes, '0.1.0') as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security: unknown; description: string; 'x-scope'?: string }>>;
    };
    expect(Object.keys(document.components.securitySchemes)).toEqual(['sessionToken', 'apiKey']);
    expect(document.paths['/api/orders/v2']?.['post']).toMatchObject({ security: [{ sessionToken: [] }, { apiKey: ['labels:buy'] }], 'x-scope': 'labels:buy' });
    expect(document.paths['/api/keys']?.['post']).toMatchObject({ security: [{ sessionToken: [] }], description: expect.stringContaining('Sessions only') });
    expect(document.paths['/api/auth/users']?.['get']?.security).toEqual([{ sessionToken: [] }]);
    expect(document.paths['/api/auth/login']?.['post']?.security).toEqual([]);
  });

  it('names every API-key scope with what it lets a key do, from the one list of scopes, and no other', () => {
    const document = buildOpenApi(routes, '0.1.0') as { info: { description: string }; paths: Record<string, Record<string, { 'x-scope'?: string }>> };
    for (const scope of API_SCOPES) expect(document.info.description).toContain(`\`${scope}\`: ${API_SCOPE_MEANINGS[scope].toLowerCase()}`);
    const used = new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation['x-scope'] ?? [])));
    expect([...used].filter((scope) => !(API_SCOPES as readonly string[]).includes(scope))).toEqual([]);
    expect(used.size).toBe(API_SCOPES.length);
  });

  it('builds OpenAPI 3.1 with request and response schemas from the zod contracts', () => {
    const document = buildOpenApi(routes, '0.1.0') as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; parameters: Array<{ name: string }> }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    expect(document.openapi).toBe('3.1.0');
    const register = document.paths['/api/auth/register']?.['post'] as { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } };
    expect(register.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/RegisterRequest');
    expect(document.components.schemas['RegisterRequest']?.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'confirmPassword']));
    expect(document.paths['/api/payment/deposits/{userId}']?.['get']?.parameters.map((p) => p.name)).toEqual(['userId', 'page', 'limit', 'filter']);
  });
});
