import { isObject, type OpenApiDocument } from '../openapi/openapi-document';

/**
 * A Swagger 2.0 document (Amazon publishes its Selling Partner API models in it) turned into the OpenAPI 3.0 shape the
 * shared validator reads, in memory: `host` becomes the server, `definitions` the component schemas (their `$ref`s
 * followed), a non-body parameter's type its `schema`, the body parameter the request body and each response's
 * `schema` its content, under the document's `consumes`/`produces`. Vendor extensions (`x-…`) are documentation and
 * examples, not constraints: they are left out, as ajv's strict mode would refuse them as unknown keywords.
 */

/** The keywords of a Swagger 2.0 non-body parameter that constrain its value (Parameter Object, "fixed fields"). */
const PARAMETER_SCHEMA_KEYWORDS = ['type', 'format', 'items', 'enum', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf'];

const withoutExtensions = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutExtensions);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? value.replace(/^#\/definitions\//, '#/components/schemas/') : withoutExtensions(value)]),
  );
};

const pick = (node: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> => Object.fromEntries(keys.filter((key) => node[key] !== undefined).map((key) => [key, node[key]]));

const operationOf = (operation: Record<string, unknown>, consumes: readonly string[], produces: readonly string[]): Record<string, unknown> => {
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'].filter(isObject) : [];
  const body = parameters.find((parameter) => parameter['in'] === 'body');
  const mediaTypes = (types: unknown, fallback: readonly string[]) => (Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string') : fallback);
  const converted: Record<string, unknown> = {
    ...(typeof operation['operationId'] === 'string' ? { operationId: operation['operationId'] } : {}),
    parameters: parameters
      .filter((parameter) => parameter['in'] !== 'body' && parameter['in'] !== 'formData')
      .map((parameter) => ({ name: parameter['name'], in: parameter['in'], required: parameter['required'] === true, schema: pick(parameter, PARAMETER_SCHEMA_KEYWORDS) })),
    responses: Object.fromEntries(
      Object.entries(isObject(operation['responses']) ? operation['responses'] : {}).map(([status, response]) => {
        const schema = isObject(response) ? response['schema'] : undefined;
        const content = schema === undefined ? {} : Object.fromEntries(mediaTypes(operation['produces'], produces).map((type) => [type, { schema }]));
        return [status, { description: isObject(response) ? response['description'] : '', content }];
      }),
    ),
  };
  if (body) converted['requestBody'] = { required: body['required'] === true, content: Object.fromEntries(mediaTypes(operation['consumes'], consumes).map((type) => [type, { schema: body['schema'] }])) };
  return converted;
};

export const openApiOfSwagger2 = (swagger: unknown): OpenApiDocument => {
  if (!isObject(swagger) || swagger['swagger'] !== '2.0' || !isObject(swagger['paths']) || !isObject(swagger['info'])) throw new Error('not a Swagger 2.0 document');
  const source = withoutExtensions(swagger) as Record<string, unknown>;
  const consumes = Array.isArray(source['consumes']) ? (source['consumes'] as string[]) : ['application/json'];
  const produces = Array.isArray(source['produces']) ? (source['produces'] as string[]) : ['application/json'];
  const scheme = Array.isArray(source['schemes']) && typeof source['schemes'][0] === 'string' ? source['schemes'][0] : 'https';
  const paths = Object.fromEntries(
    Object.entries(source['paths'] as Record<string, unknown>).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(isObject(item) ? item : {}).flatMap(([method, operation]) => (isObject(operation) ? [[method, operationOf(operation, consumes, produces)]] : []))),
    ]),
  );
  return {
    openapi: '3.0.3',
    info: source['info'] as OpenApiDocument['info'],
    servers: [{ url: `${scheme}://${String(source['host'])}${typeof source['basePath'] === 'string' ? source['basePath'] : ''}` }],
    paths,
    components: { schemas: (isObject(source['definitions']) ? source['definitions'] : {}) as Record<string, unknown> },
  };
};
