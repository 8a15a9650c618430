import { z } from 'zod';

/** Our ids are UUIDs; anything else is refused before it reaches a database. */
export const idSchema = z.uuid({ message: 'Invalid id' });

export const userIdParamsSchema = z.object({ userId: idSchema });
