import { Test } from '@nestjs/testing';
import * as contracts from '@labeldesk/contracts';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { z } from 'zod';
import { GatewayModule } from '../app.module';
import { ZodBody } from '../http/zod-body.pipe';
import { RouteCatalogue } from './route-catalogue';
import { inProcessGatewayEnv } from '../testing/in-process-env';

type Path = Array<string | number>;
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; const?: unknown; enum?: unknown[] };

const takesText = (node: JsonSchema): boolean =>
  node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string')) || typeof node.const === 'string' || (node.enum ?? []).some((v) => typeof v === 'string');

/**
 * A place in a body where the schema takes text, with the constant fields (a discriminated union's `kind`) that pick
 * the union option it belongs to: without them the body is refused for its discriminator before the field is read.
 */
interface TextField {
  path: Path;
  choosing: Array<[Path, unknown]>;
}

/** Every text field of a body as the schema (as a client sees it, its input) takes it; lists are walked at index 0. */
const textFields = (node: JsonSchema, path: Path = [], choosing: Array<[Path, unknown]> = []): TextField[] => {
  const found: TextField[] = [];
  if (path.length > 0 && takesText(node)) found.push({ path, choosing });
  for (const [key, child] of Object.entries(node.properties ?? {})) found.push(...textFields(child, [...path, key], choosing));
  if (node.items) found.push(...textFields(node.items, [...path, 0], choosing));
  for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
    const constants = Object.entries(option.properties ?? {}).flatMap(([key, child]): Array<[Path, unknown]> => (child.const === undefined ? [] : [[[...path, key], child.const]]));
    found.push(...textFields(option, path, [...choosing, ...constants]));
  }
  return found;
};

const textPaths = (node: JsonSchema): Path[] => textFields(node).map((field) => field.path);

const put = (into: unknown, path: Path, value: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container = (into ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  container[head] = put(container[head], rest, value);
  return container;
};

/** A body holding `value` at the field, and whatever picks the field's union option. */
const bodyWith = (field: TextField, value: unknown): unknown => [...field.choosing, [field.path, value] as [Path, unknown]].reduce<unknown>((body, [path, v]) => put(body, path, v), undefined);

const isRpcContract = (value: unknown): value is contracts.AnyRpcContract =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rpc';

/** Every request/reply message in the contracts: what a service accepts after the gateway (e.g. SKU rows). */
const rpcRequests = (): Array<{ name: string; schema: z.ZodType }> =>
  Object.values(contracts).flatMap((members) =>
    typeof members === 'object' && members !== null
      ? Object.entries(members).filter(([, c]) => isRpcContract(c)).map(([, c]) => ({ name: (c as contracts.AnyRpcContract).subject, schema: (c as contracts.AnyRpcContract).request }))
      : [],
  );

const NOT_TEXT: Array<[string, unknown]> = [
  ['an object', { toString: 'x' }],
  ['an array', ['x']],
  ['a boolean', true],
];

/** The issue zod reports at the field when `value` stands there (undefined when the field took it). */
const issueAt = (schema: z.ZodType, field: TextField, value: unknown) => {
  try {
    new ZodBody(schema).transform(bodyWith(field, value));
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.VALIDATION_FAILED) {
      const key = field.path.join('.');
      return (error.issues)?.find((issue) => issue.path === key);
    }
    throw error;
  }
  return undefined;
};

describe('text fields refuse anything but text', () => {
  let bodies: Array<{ name: string; schema: z.ZodType; rest: boolean }>;

  beforeAll(async () => {
    const env = inProcessGatewayEnv();
    const moduleRef = await Test.createTestingModule({ imports: [GatewayModule.forEnv(env)] }).compile();
    const routes = moduleRef.get(RouteCatalogue).routes();
    await moduleRef.close();
    bodies = [
      ...routes.filter((r) => r.validated.body).map((r) => ({ name: `${r.method.toUpperCase()} ${r.path}`, schema: r.validated.body as z.ZodType, rest: true })),
      ...rpcRequests().map((request) => ({ ...request, rest: false })),
    ];
  });

  it('finds the text fields of every REST body and every service request (so a new field is covered by itself)', () => {
    const fields = bodies.flatMap(({ name, schema }) => textPaths(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).map((p) => `${name} ${p.join('.')}`));
    expect(fields).toEqual(expect.arrayContaining([
      'POST /api/orders/v2 receiver.receiver_name',
      'POST /api/orders/bulk/process/{userId} orderData.0.package.sku_number',
      'address.sku.update.v1 sku.sku',
      'POST /api/auth/save-address/{userId} formData.zip',
    ]));
  });

  // A person reads a REST answer, so its message names the field; between services zod's own words will do.
  it.each(NOT_TEXT)('answers 400 naming the field, with its own message, for %s in any text field', (_what, value) => {
    const accepted: string[] = [];
    const unnamed: string[] = [];
    for (const { name, schema, rest } of bodies) {
      for (const field of textFields(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)) {
        const issue = issueAt(schema, field, value);
        const where = `${name} ${field.path.join('.')}`;
        if (!issue) accepted.push(where);
        else if (rest && /^Invalid input/.test(issue.message)) unnamed.push(`${where}: ${issue.message}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
