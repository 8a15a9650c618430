import { z } from 'zod';

/** Requests with no body still get a schema, so both ends agree there is nothing to send. */
export const emptySchema = z.object({}).strict();
export const okSchema = z.object({ ok: z.literal(true) });
