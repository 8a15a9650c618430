import { OpenApiValidator } from '../openapi/openapi-validator';

/**
 * A store's OpenAPI documents, loaded once per process on first use and the operations a fake serves compiled then,
 * so no request waits for ajv (a system under test has short time-outs).
 */
export const lazySpecs = (files: readonly string[], served: ReadonlyArray<readonly [string, string]>, uncheckedFormats: readonly string[] = []): (() => OpenApiValidator) => {
  let shared: OpenApiValidator | null = null;
  return () => {
    if (!shared) {
      shared = new OpenApiValidator(files, { uncheckedFormats });
      for (const [method, path] of served) shared.prepare(method, path);
    }
    return shared;
  };
};
