import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * The parts of an OpenAPI 3.0 document the validator reads. Everything else (descriptions, examples, security) is
 * carried along untouched: the whole document is handed to ajv as one schema, so `$ref`s into `components` resolve
 * where they stand.
 */
export interface OpenApiReference {
  $ref: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface OpenApiMediaType {
  schema?: unknown;
  /** multipart: per part, the content types it may have (a comma-separated list). */
  encoding?: Record<string, { contentType?: string }>;
}

export interface OpenApiRequestBody {
  required?: boolean;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiResponse {
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<OpenApiParameter | OpenApiReference>;
  requestBody?: OpenApiRequestBody | OpenApiReference;
  responses?: Record<string, OpenApiResponse | OpenApiReference>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: Array<{ url: string; variables?: Record<string, { default: string }> }>;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * OpenAPI 3.0 writes `exclusiveMinimum: true` beside `minimum` (JSON Schema draft 4); ajv reads draft 7, where the
 * bound itself is the value. Without this a weight of 0 would pass `minimum: 0, exclusiveMinimum: true`.
 */
const draft7Bounds = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(draft7Bounds);
  if (!isObject(node)) return;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const exclusive = node[flag];
    if (typeof exclusive !== 'boolean') continue;
    delete node[flag];
    if (exclusive && typeof node[bound] === 'number') {
      node[flag] = node[bound];
      delete node[bound];
    }
  }
  Object.values(node).forEach(draft7Bounds);
};

/** The schema a local `$ref` points at, or the node itself. */
const derefLocal = (root: Record<string, unknown>, node: unknown): unknown => {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current['$ref'] === 'string' && hops < 20; hops += 1) {
    const ref = current['$ref'];
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, segment) => (isObject(at) ? at[segment] : undefined), root);
  }
  return current;
};

/** Every property name a schema declares, through its `$ref`s and its `allOf` branches. */
const declaredNames = (root: Record<string, unknown>, node: unknown, seen = new Set<unknown>()): string[] => {
  const schema = derefLocal(root, node);
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const own = isObject(schema['properties']) ? Object.keys(schema['properties']) : [];
  const branches = Array.isArray(schema['allOf']) ? schema['allOf'].flatMap((branch) => declaredNames(root, branch, seen)) : [];
  return [...own, ...branches];
};

/**
 * OpenAPI 3.0 writers close a composed object with `additionalProperties: false` beside `allOf` (or on one inline
 * branch of it), meaning "no property beyond those of every branch together" (USPS International Labels 3.3.7:
 * `InternationalLabelRequest`'s customs form, `InternationalPackageDescription`). Read by JSON Schema's letter, where
 * each keyword sees only its own `properties`, no body could pass at all. So such an object gets `propertyNames`
 * listing the union of the declared names instead, and the `additionalProperties: false` that cannot mean that is
 * dropped: a property outside every branch is still refused.
 */
const closedCompositions = (root: Record<string, unknown>, node: unknown): void => {
  if (Array.isArray(node)) return node.forEach((item) => closedCompositions(root, item));
  if (!isObject(node)) return;
  const branches = Array.isArray(node['allOf']) ? node['allOf'] : null;
  const closedBranches = branches?.filter((branch) => isObject(branch) && branch['additionalProperties'] === false) ?? [];
  if (branches && (node['additionalProperties'] === false || closedBranches.length > 0)) {
    node['propertyNames'] = { enum: [...new Set(declaredNames(root, node))] };
    delete node['additionalProperties'];
    for (const branch of closedBranches) if (isObject(branch)) delete branch['additionalProperties'];
  }
  Object.values(node).forEach((child) => closedCompositions(root, child));
};

/**
 * The YAML parsed, from a copy as JSON in the system's temporary folder named by the text's hash when there is one:
 * parsing the 300 kB Labels spec takes seconds on a busy machine, in every test process that starts the fake.
 */
const parsedYaml = (file: string): unknown => {
  const text = readFileSync(file, 'utf8');
  const copy = join(tmpdir(), `openapi-${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(copy, 'utf8')) as unknown;
  } catch {
    // No copy yet (or an unreadable one): parse, and leave a copy for the next process.
  }
  const parsed: unknown = parse(text);
  const partial = `${copy}.${process.pid}`;
  try {
    writeFileSync(partial, JSON.stringify(parsed));
    // A rename is atomic: another process reads the whole copy or none.
    renameSync(partial, copy);
  } catch {
    // A copy is only a shortcut: without one, the next process parses again.
  }
  return parsed;
};

/** A YAML (or JSON) OpenAPI 3.0 document, with its numeric bounds in the draft-7 form ajv reads. */
export const loadOpenApiDocument = (file: string): OpenApiDocument => {
  const parsed = parsedYaml(file);
  if (!isObject(parsed) || typeof parsed['openapi'] !== 'string' || !parsed['openapi'].startsWith('3.0') || !isObject(parsed['paths']) || !isObject(parsed['info'])) {
    throw new Error(`${file} is not an OpenAPI 3.0 document`);
  }
  draft7Bounds(parsed);
  closedCompositions(parsed, parsed);
  return parsed as unknown as OpenApiDocument;
};

/** A server's URL with its variables at their defaults (eBay: `https://api.ebay.com{basePath}`, basePath `/sell/fulfillment/v1`). */
const serverUrlOf = (server: NonNullable<OpenApiDocument['servers']>[number]): string =>
  server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);

/** The path every server of the document shares (`https://apis.usps.com/labels/v3` → `/labels/v3`). */
export const basePathOf = (document: OpenApiDocument): string => {
  const paths = new Set((document.servers ?? []).map((server) => new URL(serverUrlOf(server), 'http://server').pathname.replace(/\/+$/, '')));
  if (paths.size > 1) throw new Error(`${document.info.title}: its servers have different base paths (${[...paths].join(', ')})`);
  return [...paths][0] ?? '';
};

/** RFC 6901 JSON pointer of `segments`, as a URI fragment (`#/paths/~1label~1%7BtrackingNumber%7D/delete`). */
export const pointerOf = (segments: readonly string[]): string =>
  `#${segments.map((segment) => `/${encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;

const segmentsOf = (ref: string): string[] => {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are read: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
};

/** A node and the pointer it stands at, following `$ref`s (parameters, request bodies, responses may be references). */
export interface Located<T> {
  value: T;
  segments: string[];
}

export const resolveIn = <T>(document: OpenApiDocument, located: Located<T | OpenApiReference>): Located<T> => {
  let { value, segments } = located;
  for (let hops = 0; isObject(value) && typeof value['$ref'] === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`$ref loop at ${pointerOf(segments)}`);
    segments = segmentsOf(value['$ref']);
    value = segments.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), document) as T | OpenApiReference;
    if (value === undefined) throw new Error(`$ref ${pointerOf(segments)} points at nothing`);
  }
  return { value: value as T, segments };
};
