import type { OpenApiValidator, SpecError } from '../openapi/openapi-validator';
import type { Reply } from './json';
import { errorBody, specErrorItems } from './usps-errors';

/** A request the fake received, or an answer it gave, that breaks the published USPS spec. */
export interface FakeUspsSpecViolation {
  method: string;
  path: string;
  where: 'request' | 'response';
  errors: SpecError[];
}

/** OAuth 2.0 has no OpenAPI spec (USPS documents it in its portal's Getting Started and api-examples README.md only). */
const UNSPECIFIED_PATHS = new Set(['/oauth2/v3/token']);

/**
 * The fake's check of everything it receives and everything it answers against the six vendored specs, in one
 * place: what breaks a spec is recorded (a test asserts there is none), and a request that breaks it is refused as
 * USPS refuses a bad request, before any route sees it.
 */
export class FakeUspsSpecGuard {
  readonly violations: FakeUspsSpecViolation[] = [];

  constructor(private readonly specs: OpenApiValidator) {}

  /** Null when the request is valid (or goes to the unspecified OAuth route); else USPS's 400, recorded. */
  checkRequest(method: string, url: string, headers: Record<string, string | string[] | undefined>, body: string): Reply | null {
    const path = new URL(url, 'http://fake-usps').pathname;
    if (UNSPECIFIED_PATHS.has(path)) return null;
    const errors = this.specs.checkRequest({ method, url, headers, body });
    if (errors.length === 0) return null;
    this.violations.push({ method, path, where: 'request', errors });
    // A path or method no spec has is left to the routes, which answer it 404.
    if (errors.some((error) => error.in === 'operation')) return null;
    const apiVersion = `/${path.split('/').filter(Boolean).slice(0, 2).join('/')}`;
    return { status: 400, body: errorBody(apiVersion, 400, specErrorItems(errors)) };
  }

  /** Records the answer when it breaks the spec of the operation it answers. */
  checkAnswer(method: string, url: string, status: number, contentType: string, body: string): void {
    const path = new URL(url, 'http://fake-usps').pathname;
    if (UNSPECIFIED_PATHS.has(path)) return;
    const errors = this.specs.checkAnswer({ method, url }, { status, contentType, body });
    // An answer to a path or method no spec has: the request was recorded already, there is nothing to check it by.
    if (errors.length > 0 && !errors.some((error) => error.in === 'operation')) this.violations.push({ method, path, where: 'response', errors });
  }
}
