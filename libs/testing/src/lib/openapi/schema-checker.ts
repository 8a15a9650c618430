import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type OpenApiDocument, pointerOf } from './openapi-document';

/** One way a request or an answer breaks its spec: where (a place and a dotted field) and what. */
export interface SpecError {
  in: 'operation' | 'path' | 'query' | 'header' | 'body' | 'status' | 'content-type' | 'part';
  /** The field (`toAddress.ZIPCode`), parameter or part at fault; empty for the whole body. */
  at: string;
  message: string;
}

/**
 * Formats a spec may name that ajv-formats does not check, accepted unchecked. ajv-formats knows every format the
 * vendored USPS specs use (uuid, date, date-time, email, uri, byte, float, double), so none is needed for them; a
 * spec naming another one is refused (strict mode) when a schema using it is compiled, until the format is named here.
 */
export const UNCHECKED_FORMATS: readonly string[] = [];

/** Keywords of an OpenAPI document that JSON Schema does not have, read by ajv as annotations. */
const OPENAPI_KEYWORDS = [
  // The document's own sections: the whole document is one schema to ajv, so `#/components/...` refs resolve in it.
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'tags',
  'security',
  'externalDocs',
  // Redoc's grouping of tags at the document's root (Etsy's Open API v3 document has it).
  'x-tagGroups',
  // OpenAPI 3.0 additions to a schema that do not constrain a value (`nullable` does, and ajv knows it).
  'example',
  'xml',
];

const fieldOf = (error: ErrorObject): string => {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params: Record<string, unknown> = error.params;
  const named = error.keyword === 'required' ? params['missingProperty'] : error.keyword === 'additionalProperties' ? params['additionalProperty'] : undefined;
  if (typeof named === 'string') path.push(named);
  return path.join('.');
};

const messageOf = (error: ErrorObject): string => {
  const params: Record<string, unknown> = error.params;
  const message = error.message ?? error.keyword;
  if (error.keyword === 'enum') return `${message}: ${JSON.stringify(params['allowedValues'])}`;
  if (error.keyword === 'additionalProperties') return `is not a property the spec allows here (${message})`;
  if (error.keyword === 'oneOf' && Array.isArray(params['passingSchemas'])) return `${message} (it matches ${params['passingSchemas'].length} of them)`;
  return message;
};

/** ajv's errors as spec errors, each field and message once. */
export const specErrorsOf = (place: SpecError['in'], prefix: string, errors: readonly ErrorObject[] | null | undefined): SpecError[] => {
  const seen = new Set<string>();
  return (errors ?? []).flatMap((error) => {
    const at = [prefix, fieldOf(error)].filter((part) => part !== '').join('.');
    const message = messageOf(error);
    const key = `${at}\u0000${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ in: place, at, message }];
  });
};

/**
 * ajv v8 over whole OpenAPI 3.0 documents: each is added as one schema with its `$id`, and a schema is compiled by
 * its JSON pointer in the document (once, then cached). Strict, so a keyword or a format nobody declared fails the
 * load instead of being skipped; only the two strict checks OpenAPI's own style breaks are off (`type` is left out
 * beside `allOf`, and `required` names properties another `allOf` branch declares).
 */
export class SchemaChecker {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(uncheckedFormats: readonly string[] = UNCHECKED_FORMATS) {
    this.ajv = new Ajv({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addVocabulary(OPENAPI_KEYWORDS);
    for (const format of uncheckedFormats) this.ajv.addFormat(format, true);
  }

  add(id: string, document: OpenApiDocument): void {
    this.ajv.addSchema({ ...document, $id: id });
  }

  /** The compiled schema at `segments` of the document `id` (throws when the spec itself is broken there). */
  validator(id: string, segments: readonly string[]): ValidateFunction {
    const ref = `${id}${pointerOf(segments)}`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  check(id: string, segments: readonly string[], value: unknown, place: SpecError['in'], prefix = ''): SpecError[] {
    const validate = this.validator(id, segments);
    return validate(value) ? [] : specErrorsOf(place, prefix, validate.errors);
  }
}
