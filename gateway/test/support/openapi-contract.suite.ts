import { API_SCOPES } from '@labeldesk/contracts';
import type { RunningSystem } from '@labeldesk/testing';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { EXAMPLE_USER_ID, type ApiExample } from '../../src/docs/api-examples';

interface Operation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
  'x-examples'?: ApiExample[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** The example with the caller's own user id where it stands for one. */
const forCaller = (value: unknown, userId: string): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll(EXAMPLE_USER_ID, userId)) as unknown;

/**
 * The served document's own examples sent to the running app: each must answer the status it says, with a body that
 * validates against the document's schema for that status. A route that answers otherwise than its document fails here.
 */
export const describeOpenApiContract = (mode: string, running: () => RunningSystem): void => {
  describe(`the OpenAPI document against the routes (${mode} mode)`, () => {
    let system: RunningSystem;
    let document: Document;
    let token: string;
    let userId: string;

    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${system.baseUrl}${path}`, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: (text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text) as unknown };
    };

    beforeAll(async () => {
      system = running();
      document = (await call('get', '/api/docs/openapi.json')).body as Document;
      const admin = (await call('post', '/api/auth/login', { email: system.adminEmail, password: system.adminPassword })).body as { token: string };
      const registered = (await call('post', '/api/auth/register', { name: 'Integrator', email: `integrator-${Date.now()}@example.com`, password: 'integrator-password', confirmPassword: 'integrator-password' })).body as {
        token: string;
        user: { _id: string };
      };
      token = registered.token;
      userId = registered.user._id;
      await call('post', `/api/userServices/${userId}/initialize`, undefined, { token });
      expect((await call('post', `/api/auth/users/details/${userId}`, { balance: 5000 }, { token: admin.token })).status).toBe(200);
    }, 120_000);

    const examples = () =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) => (operation['x-examples'] ?? []).map((example) => ({ path, method, operation, example }))),
      );

    it('publishes examples of a purchase, rates, the order list and a refusal', () => {
      const published = examples().map(({ operation, example }) => `${operation.operationId} ${example.answers}`);
      expect(published).toEqual(expect.arrayContaining(['ordersPlaceSingle 200', 'ratesCompare 200', 'ratesCompare 400', 'ordersList 200', 'orderSearchOrders 200']));
    });

    /**
     * Sends every example with this credential; `expected` says what the document promises for the operation (its
     * documented status, or another one, e.g. 403 for an API key on a session-only route). Answers the disagreements.
     */
    const disagreementsOf = async (credential: Record<string, string>, expected: (operation: Operation, example: ApiExample) => number): Promise<string[]> => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(document as object, 'openapi');
      const disagreements: string[] = [];
      for (const { path, method, operation, example } of examples()) {
        const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
        const url = path.replaceAll('{userId}', userId) + query;
        const answer = await call(method, url, example.body === undefined ? undefined : forCaller(example.body, userId), { ...credential, ...example.headers });
        const where = `${method.toUpperCase()} ${path} (${example.summary})`;
        const status = expected(operation, example);
        if (answer.status !== status) {
          disagreements.push(`${where}: answered ${answer.status}, documented ${status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
          continue;
        }
        const documented = operation.responses[String(answer.status)];
        if (!documented) {
          disagreements.push(`${where}: ${answer.status} is not among the documented answers`);
          continue;
        }
        if (!documented.content) continue;
        const pointer = `openapi#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${answer.status}/content/application~1json/schema`;
        const validate = ajv.compile({ $ref: pointer });
        if (!validate(answer.body)) disagreements.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      }
      return disagreements;
    };

    it('answers each example with the status it documents and a body its schema accepts', async () => {
      expect(await disagreementsOf({ token }, (_operation, example) => example.answers)).toEqual([]);
    }, 120_000);

    it('answers an API key holding every scope as documented: as the session where the operation takes a key, 403 where it takes sessions only', async () => {
      const created = await call('post', '/api/keys', { name: 'contract', scopes: [...API_SCOPES], password: 'integrator-password' }, { token });
      expect(created.status).toBe(201);
      const key = (created.body as { key: string }).key;
      const takesKey = (operation: Operation) => operation.security.some((requirement) => 'apiKey' in requirement);
      expect(examples().filter(({ operation }) => !takesKey(operation)).length).toBeGreaterThan(0);
      expect(await disagreementsOf({ authorization: `Bearer ${key}` }, (operation, example) => (takesKey(operation) ? example.answers : 403))).toEqual([]);
    }, 120_000);
  });
};
