import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@labeldesk/contracts';
import type { z } from 'zod';

export const API_DOC = 'labeldesk:api-doc';

/** Another answer a route gives besides its success status (e.g. 202 with a purchase still in progress). */
export interface ApiDocAnswer {
  status: number;
  description: string;
  response?: z.ZodType;
}

export interface ApiDocOptions {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success body; omitted for files and for routes answering another shape per status. */
  response?: z.ZodType;
  /**
   * The success status when it is not the one Nest answers (200, 201 for POST): it must equal the route's
   * `@HttpCode`, so the document never says a status the route does not answer (a unit test compares them).
   */
  status?: number;
  /** Other answers than the success status and the error codes, e.g. 202 while a purchase is still in progress. */
  also?: ApiDocAnswer[];
  /**
   * Error codes this route answers beyond those every route of its kind may (bad input, credentials, scope, not
   * found, rate limit): each is documented under its HTTP status with the one error schema.
   */
  errors?: ErrorCode[];
}

/** Documents a route with the same schemas it validates with, so /api/docs cannot drift from the code. */
export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC, options);
