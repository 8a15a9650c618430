import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC = 'labeldesk:api-doc';

export interface ApiDocOptions {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success body; omitted for files and for routes answering another shape per status. */
  response?: z.ZodType;
  /** Status of success when it is not 200 (e.g. 201 for registration). */
  status?: number;
}

/** Documents a route with the same schemas it validates with, so /api/docs cannot drift from the code. */
export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC, options);
