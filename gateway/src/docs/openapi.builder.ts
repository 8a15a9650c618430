import * as contracts from '@labeldesk/contracts';
import { API_SCOPE_MEANINGS, API_SCOPES, apiErrorSchema, ErrorCode, WEBHOOK_EVENT_BODIES, WEBHOOK_ORDERING, WEBHOOK_TEST_EVENT } from '@labeldesk/contracts';
import { z } from 'zod';
import { HTTP_STATUS_BY_CODE } from '../errors/error-status.table';
import { API_EXAMPLES } from './api-examples';
import type { DocumentedRoute } from './route-catalogue';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const SCHEMAS = '#/components/schemas/';
const ERROR_SCHEMA = 'Error';

const pascal = (text: string) => text.replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, c: string) => c.toUpperCase());

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The name a contract exports a schema by (`singleOrderSchema` → `SingleOrder`), so components read as the code does. */
const exportedNames = new Map<z.ZodType, string>(
  Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]): Array<[z.ZodType, string]> => (isZod(value) ? [[value, pascal(name.replace(/Schema$/, ''))]] : [])),
);

/** Moves zod's `$defs` (reused and recursive parts) into components, so every `$ref` resolves in the document. */
const hoisted = (json: JsonSchema, name: string, into: Record<string, JsonSchema>): JsonSchema => {
  const { $defs, $schema: _dialect, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const defName = (key: string) => `${name}_${key.replace(/^_+/, '')}`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string') return [key, rewrite(value)];
        if (value === '#') return [key, `${SCHEMAS}${name}`];
        return [key, value.startsWith('#/$defs/') ? `${SCHEMAS}${defName(value.slice('#/$defs/'.length))}` : value];
      }),
    );
  };
  for (const [key, def] of Object.entries($defs ?? {})) into[defName(key)] = rewrite(def) as JsonSchema;
  return rewrite(rest) as JsonSchema;
};

/** Whether a field may be left out: its schema takes `undefined` (optional, a default, or text read as null when absent). */
const mayBeLeftOut = (schema: unknown): boolean => {
  try {
    return isZod(schema) && schema.safeParse(undefined).success;
  } catch {
    return false; // an async check: it reads the value, so the value is needed
  }
};

/**
 * The JSON Schema of a zod schema as a client sends it (`input`) or receives it (`output`). A request's `required`
 * lists what the server refuses without, asked of the schema itself: zod reads a `z.preprocess` field (the forms'
 * text fields, which take '' or nothing as null) as required and a preprocessed number as optional, the reverse of
 * what the route does.
 */
const toJson = (schema: z.ZodType, io: Io): JsonSchema =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    override: ({ zodSchema, jsonSchema }) => {
      if (io !== 'input' || !(zodSchema instanceof z.ZodObject) || !jsonSchema.properties) return;
      const required = Object.entries(zodSchema.shape as Record<string, unknown>).filter(([, field]) => !mayBeLeftOut(field)).map(([key]) => key);
      if (required.length > 0) jsonSchema.required = required;
      else delete jsonSchema.required;
    },
  }) as JsonSchema;

/** Named component schemas: each zod schema once per direction (a request's input, an answer's output). */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly seen = new Map<z.ZodType, Partial<Record<Io, string>>>();

  ref(schema: z.ZodType, io: Io, fallbackName: string): JsonSchema {
    const known = this.seen.get(schema) ?? {};
    const name = known[io] ?? this.add(schema, io, fallbackName, known);
    return { $ref: `${SCHEMAS}${name}` };
  }

  /** A schema under a fixed name (the error body, a webhook's payload). */
  named(name: string, schema: z.ZodType, io: Io): JsonSchema {
    this.schemas[name] = hoisted(toJson(schema, io), name, this.schemas);
    this.seen.set(schema, { ...this.seen.get(schema), [io]: name });
    return { $ref: `${SCHEMAS}${name}` };
  }

  private add(schema: z.ZodType, io: Io, fallbackName: string, known: Partial<Record<Io, string>>): string {
    const other = known[io === 'input' ? 'output' : 'input'];
    // The same schema read both ways (no defaults or transforms): one component.
    if (other && JSON.stringify(toJson(schema, 'input')) === JSON.stringify(toJson(schema, 'output'))) {
      this.seen.set(schema, { ...known, [io]: other });
      return other;
    }
    const base = exportedNames.get(schema) ?? fallbackName;
    let name = base in this.schemas ? `${base}${io === 'input' ? 'Input' : 'Output'}` : base;
    for (let n = 2; name in this.schemas; n += 1) name = `${base}${n}`;
    this.schemas[name] = hoisted(toJson(schema, io), name, this.schemas);
    this.seen.set(schema, { ...known, [io]: name });
    return name;
  }
}

/** Every scope with what it lets a key do, from the one list of them (decision 080). */
const scopeList = API_SCOPES.map((scope) => `\`${scope}\`: ${API_SCOPE_MEANINGS[scope].toLowerCase()}`).join('; ');

const json = (schema: JsonSchema, examples?: Record<string, { summary: string; value: unknown }>) => ({ 'application/json': { schema, ...(examples ? { examples } : {}) } });

/** Which credentials a route takes: none, a session only, or a session or an API key with the route's scope. */
const securityOf = (route: DocumentedRoute): Array<Record<string, string[]>> => {
  if (route.policy?.who === 'public') return [];
  if (!route.policy?.scope || route.policy.who === 'admin') return [{ sessionToken: [] }];
  return [{ sessionToken: [] }, { apiKey: [route.policy.scope] }];
};

const accessText = (route: DocumentedRoute): string => {
  const policy = route.policy;
  if (!policy || policy.who === 'public') return 'Public: no credential.';
  if (policy.who === 'admin') return 'Admins only, with a session: API keys are refused.';
  const who = typeof policy.who === 'object' ? `The user named by {${policy.who.selfOrAdmin}}, or an admin.` : 'Any signed-in user.';
  return `${who} ${policy.scope ? `API keys need the scope \`${policy.scope}\`.` : 'Sessions only: API keys are refused.'}`;
};

/** The errors every route of its kind may answer, and the ones its `@ApiDoc` names; by HTTP status. */
const errorsOf = (route: DocumentedRoute): Map<number, Set<string>> => {
  const codes: ErrorCode[] = [...(route.doc?.errors ?? [])];
  if (route.doc?.body || route.doc?.query || route.validated.body || route.validated.query || route.idempotent) codes.push(ErrorCode.VALIDATION_FAILED);
  if (route.policy?.who !== 'public') codes.push(ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN);
  if (route.policy?.scope) codes.push(ErrorCode.AUTH_SCOPE_MISSING, ErrorCode.RATE_LIMITED);
  if (route.throttled) codes.push(ErrorCode.RATE_LIMITED);
  if (route.path.includes('{')) codes.push(ErrorCode.NOT_FOUND);
  const byStatus = new Map<number, Set<string>>();
  for (const code of codes) byStatus.set(HTTP_STATUS_BY_CODE[code], (byStatus.get(HTTP_STATUS_BY_CODE[code]) ?? new Set()).add(code));
  return byStatus;
};

const ERROR_WORDS: Readonly<Record<number, string>> = {
  400: 'Bad input: `issues` names each field and what is wrong with it',
  401: 'No credential, or one that is not valid (expired session, revoked or unknown key)',
  402: 'Not enough balance',
  403: 'Not allowed: another user\'s data, an admin route, or an API key without the scope the route needs',
  404: 'Not found, or not yours (the same answer, so ids cannot be probed)',
  409: 'In conflict with the current state',
  413: 'Body too large',
  422: 'Understood but refused in the current state',
  429: 'Too many requests: wait the `Retry-After` seconds',
  500: 'Internal error',
  502: 'The carrier or payment provider refused or failed',
  503: 'A service did not answer: try again (a purchase with the same Idempotency-Key is never charged twice)',
  504: 'A service took too long',
};

const errorResponse = (status: number, codes: Set<string>) => ({
  description: `${ERROR_WORDS[status] ?? 'Error'}. Codes: ${[...codes].sort().map((c) => `\`${c}\``).join(', ')}.`,
  content: json({ $ref: `${SCHEMAS}${ERROR_SCHEMA}` }),
});

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any 8 to 200 letters, digits or `-_.:` unique to this purchase. Sending the same key again (a retry, a double click) answers the ' +
    'same purchase instead of buying again; the same key with a different body is refused with 409. Without a key each request is a new purchase.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,200}$' },
};

/** The public API v1 takes no purchase without a key (decision 103): a retry must always be safe. */
const IDEMPOTENCY_KEY_REQUIRED = {
  ...IDEMPOTENCY_KEY,
  required: true,
  description: 'Any 8 to 200 letters, digits or `-_.:` unique to this purchase, required: the same key again answers the same purchase instead of buying again; the same key with a different body is refused with 409.',
};

const STANDARD_WEBHOOK_HEADERS = [
  ['webhook-id', 'The message id: the same on every retry of the message, so the receiver can drop a repeat'],
  ['webhook-timestamp', 'Seconds since the epoch when the message was signed; refuse messages older than a few minutes'],
  ['webhook-signature', 'Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint\'s secret (`whsec_…`, base64 after the prefix); during 24 h after a rotation both secrets sign'],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const humanised = (controller: string) => {
  const words = controller.replace(/Controller$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

const describeApi = (apiKeyRequestsPerMinute: number) => [
  'Prepaid shipping labels. Every amount is integer cents.',
  '',
  '## Credentials',
  '- **API key** (for your own backend): `Authorization: Bearer ld_live_…`, made on the Account page. A key acts as its owner with only the scopes it was given: ' +
    `${scopeList}. Each operation lists the scope it needs under its security; an operation that lists no API key takes sessions only, and admin operations never take a key. ` +
    'A key without the scope gets 403 `AUTH_SCOPE_MISSING` naming it; a revoked key gets 401 at once.',
  '- **Session token** (the web app): the `token` header with the token `POST /api/auth/login` answers. Send one credential, never both.',
  '- **Test key** (`ld_test_…`, made on the Account page with "Test key" ticked): a test balance of its own, never your live one, topped up with `POST /api/v1/balance/test-top-up`. ' +
    '`GET /api/v1/me` says a credential\'s `mode`; `GET /api/v1/balance` answers the balance of the key\'s mode (a session asks for the test one with `?mode=test`). ' +
    'Shipments, rates, batches, events and their replays, and claims act in the key\'s mode: bought from the sandbox on the test balance, each marked `mode`, and another mode\'s resource is 404 to a key. ' +
    'Routes that do not act in test mode yet answer a test key 403 `FORBIDDEN`, moving nothing.',
  '',
  '## Idempotency',
  'Purchases take an `Idempotency-Key` header: a retry with the same key answers the same purchase and never charges twice. When a service is slow, the purchase answers 202 with the order still pending; it completes or is refunded on its own.',
  '',
  '## Resource routes (`/api/v1`)',
  'For integrators: `GET /api/v1/me` says who the credential acts as (no path names a user), then rates, shipments (buy with a required `Idempotency-Key` and your own `reference` and `metadata`, read one in any state, list, void, label, tracking), address checks and the balance, with API keys and sessions alike. ' +
    'Their bodies and queries refuse any field they do not name (400 `VALIDATION_FAILED`, each unknown field an issue named by its path) and take text only as text.',
  '',
  '## Paging',
  '`GET /api/v1/shipments` pages by cursor, newest first: `limit` (1 to 100, default 10) and the answer\'s `next_cursor` sent back as `cursor` while `has_more` is true. The cursor is opaque and keyset-based: a shipment bought while you page is never read twice or skipped. Filters: `status`, `reference`, `created_gte`, `created_lt`.',
  'Other lists that page take `page` (from 1) and `limit` (each operation lists them and their largest size; a bigger `limit` is refused with 400), and answer the page with the total. ' +
    'Pages of orders come from `GET /api/order-search` (newest first, searchable); the spec\'s whole list `GET /api/orders/{userId}` answers every order at once, oldest first.',
  '',
  '## Errors',
  'Every error answers `{message, code, issues?}` (the `Error` schema) with a 4xx or 5xx status: `code` is stable and machine-readable, `message` is written for a person, and `issues` names each bad field of a 400. A 5xx never carries internal details.',
  '',
  '## Limits',
  `An API key may make ${apiKeyRequestsPerMinute} requests a minute on this server (a session as many on \`/api/v1\`); over it, 429 \`RATE_LIMITED\` with \`Retry-After\` in seconds. Sign-in and top-ups have their own limits per address. ` +
    'Every answer to a limited request carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF httpapi RateLimit header fields, draft 07: the requests the minute allows, those left, and the seconds until all are back).',
  '',
  '## Webhooks',
  'Endpoints made with `POST /api/webhooks` (scope `webhooks:manage`) receive the events they subscribe to as `POST` requests signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`); the payload of each event is under Webhooks below. ' +
    'A failed delivery is retried with growing delays; an endpoint answering 410 Gone is disabled. Verify with any Standard Webhooks library (e.g. the `standardwebhooks` npm package) and the endpoint\'s `whsec_…` secret.',
  '',
  `**Ordering**: ${WEBHOOK_ORDERING} What each event's \`sequence\` counts: label events and tracking per label, \`batch.completed\` per batch, \`balance.credited\` per account.`,
  '',
  '**Events and replays**: `GET /api/v1/events` lists every event of the last 30 days (older ones are gone), also those raised while an endpoint was disabled or none took them. ' +
    '`POST /api/v1/events/{id}/replay` sends one again to your enabled endpoints subscribed to it (or to the one `endpoint_id` names); `POST /api/v1/webhooks/{id}/replay` with `since` sends an endpoint every event of its types since then, e.g. after it was disabled. ' +
    'Both take a required `Idempotency-Key` (sent again with it, nothing is sent twice) and send each event as a redelivery: the same `webhook-id`, signed as any delivery, its body marked `redelivery: true`.',
].join('\n');

/** OpenAPI 3.1 for the routes, from the zod schemas they validate with. Money is integer cents throughout. */
export interface OpenApiOptions {
  /** Where the API is served (PUBLIC_URL); '/' means the document's own origin. */
  serverUrl?: string;
  /** API_KEY_RATE_LIMIT_PER_MINUTE, stated under Limits. */
  apiKeyRequestsPerMinute?: number;
}

export const buildOpenApi = (routes: DocumentedRoute[], version: string, { serverUrl = '/', apiKeyRequestsPerMinute = 120 }: OpenApiOptions = {}) => {
  const components = new Components();
  components.named(ERROR_SCHEMA, apiErrorSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Map<string, string>();
  for (const route of routes) {
    const doc = route.doc;
    const op = pascal(route.operationId);
    const tag = humanised(route.controller.name);
    tags.set(tag, tag);
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const query = doc?.query ? hoisted(toJson(doc.query, 'input'), `${op}Query`, components.schemas) as { properties?: Record<string, JsonSchema>; required?: string[] } : undefined;
    const queryParameters = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: (query?.required ?? []).includes(name), schema }));
    const examples = API_EXAMPLES[route.operationId] ?? [];
    const bodyExamples = Object.fromEntries(examples.flatMap((e, i) => (e.body === undefined || e.answers >= 400 ? [] : [[`example${i + 1}`, { summary: e.summary, value: e.body }]])));
    const responses: Record<string, unknown> = {
      [String(route.status)]: { description: 'Success', ...(doc?.response ? { content: json(components.ref(doc.response, 'output', `${op}Response`)) } : {}) },
    };
    for (const answer of doc?.also ?? []) {
      responses[String(answer.status)] = { description: answer.description, ...(answer.response ? { content: json(components.ref(answer.response, 'output', `${op}Response${answer.status}`)) } : {}) };
    }
    for (const [status, codes] of [...errorsOf(route)].sort(([a], [b]) => a - b)) responses[String(status)] ??= errorResponse(status, codes);
    responses['default'] = { description: 'Any other error (5xx): a service did not answer or failed; the `message` says what to do.', content: json({ $ref: `${SCHEMAS}${ERROR_SCHEMA}` }) };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      summary: doc?.summary ?? route.path,
      description: accessText(route),
      tags: [tag],
      security: securityOf(route),
      ...(route.policy?.scope ? { 'x-scope': route.policy.scope } : {}),
      parameters: [
        ...pathParameters,
        ...queryParameters,
        ...(route.idempotent ? [{ $ref: `#/components/parameters/${route.path.startsWith('/api/v1/') ? 'IdempotencyKeyRequired' : 'IdempotencyKey'}` }] : []),
      ],
      ...(doc?.body
        ? {
            requestBody: {
              required: true,
              content: json(components.ref(doc.body, 'input', `${op}Body`), Object.keys(bodyExamples).length > 0 ? bodyExamples : undefined),
            },
          }
        : {}),
      responses,
      // Every example with the status it answers: the contract test sends these from the served document.
      ...(examples.length > 0 ? { 'x-examples': examples } : {}),
    };
  }
  const webhooks = Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_BODIES).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `webhook${pascal(type)}`,
          summary: schema.description ?? type,
          description: `Sent to each enabled endpoint subscribed to \`${type}\`, signed with its secret. Answer 2xx within a few seconds; any other answer is retried later.${type === WEBHOOK_TEST_EVENT ? '' : ` Ordering: ${WEBHOOK_ORDERING}`}`,
          tags: ['Webhook events'],
          security: [],
          parameters: STANDARD_WEBHOOK_HEADERS,
          requestBody: { required: true, content: json(components.named(`${pascal(type)}Event`, schema, 'output')) },
          responses: {
            '200': { description: 'Received (any 2xx will do)' },
            '410': { description: 'Gone: the endpoint is disabled and gets no more messages until enabled again' },
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'LabelDesk API', version, description: describeApi(apiKeyRequestsPerMinute), license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: serverUrl, description: 'This server' }],
    security: [{ sessionToken: [] }],
    tags: [...[...tags.keys()].sort().map((name) => ({ name })), { name: 'Webhook events', description: 'Requests LabelDesk sends to your endpoints' }],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'token', description: 'The session token `POST /api/auth/login` answers (the web app)' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ld_live_…', description: 'An API key made on the Account page; the operation lists the scope it needs' },
      },
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY, IdempotencyKeyRequired: IDEMPOTENCY_KEY_REQUIRED },
      schemas: components.schemas,
    },
  };
};
