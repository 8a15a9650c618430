import { apiErrorSchema } from '@labeldesk/contracts';
import { z } from 'zod';
import type { DocumentedRoute } from './route-catalogue';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const queryParameters = (schema: z.ZodType) => {
  const object = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: (object.required ?? []).includes(name), schema: property }));
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
      ...(route.access === 'public' ? { security: [] } : {}),
      ...(route.access === 'admin' ? { description: 'Admins only.' } : {}),
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
      description: 'Prepaid shipping labels. Send the session token in the `token` header. Every amount is integer cents.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    security: [{ token: [] }],
    paths,
  };
};
