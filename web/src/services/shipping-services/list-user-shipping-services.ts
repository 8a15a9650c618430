import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';

const userPath = (userId: string) => `/api/userServices/${encodeURIComponent(userId)}`;

/**
 * One user's shipping services with their own prices. A user who has none yet is given the defaults first (spec 7:
 * initialize is called when the user has no services), so the admin always has something to configure.
 */
export const listUserShippingServices = async (userId: string, signal?: AbortSignal): Promise<Service[]> => {
  const shippingServices = await apiRequest(userPath(userId), { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
  if (shippingServices.length > 0) return shippingServices;
  return apiRequest(`${userPath(userId)}/initialize`, { method: 'POST', body: {}, schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
};

export const useUserShippingServices = (userId: string) =>
  useQuery({ queryKey: shippingServiceKeys.user(userId), queryFn: ({ signal }) => listUserShippingServices(userId, signal) });
