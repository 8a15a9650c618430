import { isJsonMediaType, mediaTypeOf } from './multipart';
import { isObject, type Located, type OpenApiDocument, type OpenApiParameter, type OpenApiReference, type OpenApiRequestBody, type OpenApiResponse, resolveIn } from './openapi-document';
import type { FoundOperation } from './operation-index';
import type { SchemaChecker, SpecError } from './schema-checker';

/** A request as it reached a server: the path with its query, the headers (names in any case) and the body's text. */
export interface CheckedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const headerOf = (headers: CheckedRequest['headers'], name: string): string | undefined => {
  const wanted = name.toLowerCase();
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The JSON type a parameter's schema asks for (through `$ref`s), so its text can be read as that type. */
const schemaTypeOf = (document: OpenApiDocument, located: Located<unknown>): unknown => {
  const schema = resolveIn<unknown>(document, located).value;
  return isObject(schema) ? schema['type'] : undefined;
};

/** A parameter's text as the type its schema wants: query and header values are strings on the wire. */
const typed = (text: string, type: unknown): unknown => {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (type === 'array') return text.split(',');
  return text;
};

const parametersOf = (found: FoundOperation): Array<Located<OpenApiParameter>> => {
  const { document } = found.spec;
  const item = document.paths[found.template] ?? {};
  const shared = Array.isArray(item['parameters']) ? (item['parameters'] as Array<OpenApiParameter | OpenApiReference>) : [];
  const own = found.operation.parameters ?? [];
  const located = [
    ...shared.map((value, i) => resolveIn<OpenApiParameter>(document, { value, segments: ['paths', found.template, 'parameters', String(i)] })),
    ...own.map((value, i) => resolveIn<OpenApiParameter>(document, { value, segments: [...found.segments, 'parameters', String(i)] })),
  ];
  // An operation's parameter replaces a path item's one of the same name and place (OpenAPI 3.0, Path Item Object).
  return located.filter((parameter, i) => !located.slice(i + 1).some((later) => later.value.name === parameter.value.name && later.value.in === parameter.value.in));
};

/** Where every schema the validator reads of an operation stands: its parameters', its request body's, its answers'. */
export const schemaPlacesOf = (found: FoundOperation): string[][] => {
  const { document } = found.spec;
  const parameters = parametersOf(found)
    .filter(({ value }) => value.schema !== undefined)
    .map(({ segments }) => [...segments, 'schema']);
  const media = (located: Located<{ content?: Record<string, { schema?: unknown }> }>) =>
    Object.entries(located.value.content ?? {})
      // Only what the validator reads: XML bodies are not checked.
      .filter(([key, type]) => type.schema !== undefined && (isJsonMediaType(mediaTypeOf(key)) || isFormMediaType(mediaTypeOf(key)) || mediaTypeOf(key).startsWith('multipart/')))
      .map(([key]) => [...located.segments, 'content', key, 'schema']);
  const body = found.operation.requestBody === undefined ? [] : media(resolveIn<OpenApiRequestBody>(document, { value: found.operation.requestBody, segments: [...found.segments, 'requestBody'] }));
  const answers = Object.entries(found.operation.responses ?? {}).flatMap(([status, response]) => media(resolveIn<OpenApiResponse>(document, { value: response, segments: [...found.segments, 'responses', status] })));
  return [...parameters, ...body, ...answers];
};

/** Path, query and header parameters: each required one present, each given one valid; no query parameter the spec lacks. */
export const parameterErrors = (checker: SchemaChecker, found: FoundOperation, request: CheckedRequest): SpecError[] => {
  const query = new URL(request.url, 'http://request').searchParams;
  const parameters = parametersOf(found);
  const errors: SpecError[] = [];
  for (const { value: parameter, segments } of parameters) {
    if (parameter.in === 'cookie') continue;
    const text = parameter.in === 'path' ? found.pathParameters[parameter.name] : parameter.in === 'query' ? (query.has(parameter.name) ? query.getAll(parameter.name).join(',') : undefined) : headerOf(request.headers, parameter.name);
    if (text === undefined) {
      if (parameter.required) errors.push({ in: parameter.in, at: parameter.name, message: `is required (${parameter.in} parameter)` });
      continue;
    }
    if (parameter.schema === undefined) continue;
    const schemaAt = [...segments, 'schema'];
    const value = typed(text, schemaTypeOf(found.spec.document, { value: parameter.schema, segments: schemaAt }));
    errors.push(...checker.check(found.spec.id, schemaAt, value, parameter.in, parameter.name));
  }
  const documented = new Set(parameters.filter(({ value }) => value.in === 'query').map(({ value }) => value.name));
  for (const name of new Set(query.keys())) {
    if (!documented.has(name)) errors.push({ in: 'query', at: name, message: 'is not a query parameter of this operation' });
  }
  return errors;
};

const isFormMediaType = (mediaType: string): boolean => mediaType === 'application/x-www-form-urlencoded';

/**
 * A form body's fields as the JSON its schema describes (Etsy's createReceiptShipment): each field's text read as the
 * type its property's schema asks for, as a query parameter's is; a field given twice is kept as a list.
 */
const formFields = (document: OpenApiDocument, schema: Located<unknown>, body: string): Record<string, unknown> => {
  const resolved = resolveIn<unknown>(document, schema);
  const properties = isObject(resolved.value) && isObject(resolved.value['properties']) ? resolved.value['properties'] : {};
  const fields: Record<string, unknown> = {};
  const form = new URLSearchParams(body);
  for (const name of new Set(form.keys())) {
    const property = properties[name];
    const type = property === undefined ? undefined : schemaTypeOf(document, { value: property, segments: [...resolved.segments, 'properties', name] });
    const values = form.getAll(name).map((text) => typed(text, type));
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
};

/** The JSON (or form) body: present when required, of a documented media type, valid against its schema. */
export const bodyErrors = (checker: SchemaChecker, found: FoundOperation, request: CheckedRequest): SpecError[] => {
  if (found.operation.requestBody === undefined) {
    return request.body === '' ? [] : [{ in: 'body', at: '', message: 'this operation takes no request body' }];
  }
  const { value: requestBody, segments } = resolveIn<OpenApiRequestBody>(found.spec.document, { value: found.operation.requestBody, segments: [...found.segments, 'requestBody'] });
  if (request.body === '') return requestBody.required ? [{ in: 'body', at: '', message: 'is required' }] : [];
  const mediaType = mediaTypeOf(headerOf(request.headers, 'content-type'));
  const content = requestBody.content ?? {};
  const documented = Object.keys(content).find((key) => mediaTypeOf(key) === mediaType);
  if (documented === undefined) return [{ in: 'content-type', at: mediaType, message: `is not a documented request media type (${Object.keys(content).join(', ')})` }];
  const schema = content[documented]?.schema;
  if (schema === undefined) return [];
  const schemaAt = [...segments, 'content', documented, 'schema'];
  if (isFormMediaType(mediaType)) return checker.check(found.spec.id, schemaAt, formFields(found.spec.document, { value: schema, segments: schemaAt }, request.body), 'body');
  if (!isJsonMediaType(mediaType)) return [];
  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    return [{ in: 'body', at: '', message: 'is not JSON' }];
  }
  return checker.check(found.spec.id, schemaAt, json, 'body');
};
