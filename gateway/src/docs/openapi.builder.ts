import { API_SCOPE_MEANINGS, API_SCOPES, apiErrorSchema } from '@labeldesk/contracts';
import { z } from 'zod';
import type { DocumentedRoute } from './route-catalogue';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Every scope with what it lets a key do, from the one list of them (decision 080). */
const scopeList = API_SCOPES.map((scope) => `\`${scope}\`: ${API_SCOPE_MEANINGS[scope].toLowerCase()}`).join('; ');

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const queryParameters = (schema: z.ZodType) => {
  const object = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: (object.required ?? []).includes(name), schema: property }));
};

/** Which credentials a route takes: none, a session only, or a session or an API key with the route's scope. */
const securityOf = (route: DocumentedRoute): Array<Record<string, string[]>> => {
  if (route.policy?.who === 'public') return [];
  if (!route.policy?.scope || route.policy.who === 'admin') return [{ token: [] }];
  return [{ token: [] }, { apiKey: [route.policy.scope] }];
};

const accessText = (route: DocumentedRoute): string => {
  const policy = route.policy;
  if (!policy || policy.who === 'public') return 'Public: no credential.';
  if (policy.who === 'admin') return 'Admins only, with a session: API keys are refused.';
  const who = typeof policy.who === 'object' ? `The user named by {${policy.who.selfOrAdmin}}, or an admin.` : 'Any signed-in user.';
  return `${who} ${policy.scope ? `API keys need the scope \`${policy.scope}\`.` : 'Sessions only: API keys are refused.'}`;
};

/** OpenAPI 3.1 for the routes, from the zod schemas they validate with. Money is integer cents throughout. */
export const buildOpenApi = (routes: DocumentedRoute[], version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const doc = route.doc;
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const status = String(doc?.status ?? 200);
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: doc?.summary ?? route.path,
      tags: [route.path.split('/')[2] ?? 'api'],
      security: securityOf(route),
      description: accessText(route),
      ...(route.policy?.scope ? { 'x-scope': route.policy.scope } : {}),
      parameters: [...pathParameters, ...(doc?.query ? queryParameters(doc.query) : [])],
      ...(doc?.body ? { requestBody: { required: true, content: json(schemaOf(doc.body, 'input')) } } : {}),
      responses: {
        [status]: { description: 'Success', ...(doc?.response ? { content: json(schemaOf(doc.response, 'output')) } : {}) },
        default: { description: 'Error: `{message, code, issues?}` with a 4xx (or 5xx) status', content: json(schemaOf(apiErrorSchema, 'output')) },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'LabelDesk API',
      version,
      description:
        'Prepaid shipping labels. Two credentials: the session token of a signed-in user in the `token` header, or an API key ' +
        '(`ld_live_…`, made on the Account page) as `Authorization: Bearer <key>`. A key acts as its owner with only its ' +
        `scopes (${scopeList}): each route names the scope ` +
        'it needs (`x-scope`); a route without one takes sessions only, and admin routes never take a key. A key without the ' +
        'scope gets 403 `AUTH_SCOPE_MISSING` naming it; over its rate limit, 429 with `Retry-After`. Every amount is integer cents.',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: 'Session token from POST /api/auth/login' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ld_live_…', description: 'API key; the requirement lists the scope the route needs' },
      },
    },
    security: [{ token: [] }],
    paths,
  };
};
