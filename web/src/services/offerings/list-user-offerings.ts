import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';

const userPath = (userId: string) => `/api/userServices/${encodeURIComponent(userId)}`;

/**
 * One user's services with their own prices. A user who has none yet is given the defaults first (spec 7:
 * initialize is called when the user has no services), so the admin always has something to configure.
 */
export const listUserServices = async (userId: string, signal?: AbortSignal): Promise<Service[]> => {
  const services = await apiRequest(userPath(userId), { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
  if (services.length > 0) return services;
  return apiRequest(`${userPath(userId)}/initialize`, { method: 'POST', body: {}, schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
};

export const useUserServices = (userId: string) =>
  useQuery({ queryKey: serviceKeys.user(userId), queryFn: ({ signal }) => listUserServices(userId, signal) });
