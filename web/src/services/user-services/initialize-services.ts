import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';

/** Gives a user who has none the default services (spec 7: called when the user has no services). */
export const initializeUserServices = (userId: string): Promise<unknown> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/initialize`, { method: 'POST', body: {}, schema: z.unknown() });
