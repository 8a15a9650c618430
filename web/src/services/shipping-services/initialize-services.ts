import { servicesResponseSchema, type Service } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** Gives a user who has none the default services (spec 7: called when the user has no services); answers their services. */
export const initializeUserServices = (userId: string): Promise<Service[]> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/initialize`, { method: 'POST', body: {}, schema: servicesResponseSchema });
