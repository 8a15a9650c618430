import { answerErrors, type CheckedAnswer } from './answer-check';
import { loadOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { type FoundOperation, type LoadedSpec, loadedSpecOf, OperationIndex } from './operation-index';
import { bodyErrors, type CheckedRequest, parameterErrors, schemaPlacesOf } from './request-check';
import { SchemaChecker, type SpecError, UNCHECKED_FORMATS } from './schema-checker';

export type { CheckedAnswer } from './answer-check';
export type { CheckedRequest } from './request-check';
export { type SpecError, UNCHECKED_FORMATS } from './schema-checker';

/**
 * Requests and answers checked against OpenAPI 3.0 specs: the operation is found by method and path (each spec's
 * operations under the path its `servers` share), then the request's parameters and JSON body, or the answer's status,
 * Content-Type and body (JSON, or multipart part by part), are validated with ajv against the operation's schemas.
 */
export class OpenApiValidator {
  private readonly specs: LoadedSpec[];
  private readonly index: OperationIndex;
  private readonly checker: SchemaChecker;

  /** Each spec a file to load, or a document already in the OpenAPI 3.0 shape (a Swagger 2.0 model turned into it). */
  constructor(files: ReadonlyArray<string | OpenApiDocument>, options: { uncheckedFormats?: readonly string[] } = {}) {
    this.specs = files.map((file) => loadedSpecOf(typeof file === 'string' ? loadOpenApiDocument(file) : file));
    this.index = new OperationIndex(this.specs);
    this.checker = new SchemaChecker(options.uncheckedFormats ?? UNCHECKED_FORMATS);
    for (const spec of this.specs) this.checker.add(spec.id, spec.document);
  }

  /** The operation a request goes to, or why there is none. */
  operationFor(method: string, url: string): FoundOperation | 'no path' | 'no method' {
    return this.index.find(method, new URL(url, 'http://request').pathname);
  }

  /** Everything in the request the spec does not allow; empty when it is a valid request. */
  checkRequest(request: CheckedRequest): SpecError[] {
    const found = this.operationFor(request.method, request.url);
    if (typeof found === 'string') return [this.notFound(request.method, request.url, found)];
    return [...parameterErrors(this.checker, found, request), ...bodyErrors(this.checker, found, request)];
  }

  /** Everything in the answer to `request` the spec does not allow; empty when it is a documented answer. */
  checkAnswer(request: Pick<CheckedRequest, 'method' | 'url'>, answer: CheckedAnswer): SpecError[] {
    const found = this.operationFor(request.method, request.url);
    if (typeof found === 'string') return [this.notFound(request.method, request.url, found)];
    return answerErrors(this.checker, found, answer);
  }

  /**
   * Compiles every schema of the operation now (its parameters, request body and answers), so the first request to
   * it is not slowed by ajv's compiling: a server under test with a short client time-out would not answer in time.
   */
  prepare(method: string, url: string): void {
    const found = this.operationFor(method, url);
    if (typeof found === 'string') throw new Error(`nothing to prepare: ${method} ${url} ${found}`);
    for (const segments of schemaPlacesOf(found)) this.checker.validator(found.spec.id, segments);
  }

  /** The document of the spec served at `basePath` (`/labels/v3`), as loaded. */
  documentAt(basePath: string): OpenApiDocument {
    return this.specAt(basePath).document;
  }

  /** A value checked against one of a spec's component schemas (`LabelRequest` of the spec served at `/labels/v3`). */
  checkSchema(basePath: string, schemaName: string, value: unknown): SpecError[] {
    const spec = this.specAt(basePath);
    if (spec.document.components?.['schemas']?.[schemaName] === undefined) throw new Error(`${spec.document.info.title} has no schema ${schemaName}`);
    return this.checker.check(spec.id, ['components', 'schemas', schemaName], value, 'body');
  }

  private specAt(basePath: string): LoadedSpec {
    const spec = this.specs.find((candidate) => candidate.basePath === basePath);
    if (!spec) throw new Error(`no spec is served at ${basePath}`);
    return spec;
  }

  private notFound(method: string, url: string, why: 'no path' | 'no method'): SpecError {
    const path = new URL(url, 'http://request').pathname;
    const spec = this.index.specFor(path);
    const where = spec ? `${spec.document.info.title} ${spec.document.info.version}` : 'the loaded specs';
    return { in: 'operation', at: `${method.toUpperCase()} ${path}`, message: why === 'no method' ? `is not a method ${where} documents for this path` : `is not a path of ${where}` };
  }
}
