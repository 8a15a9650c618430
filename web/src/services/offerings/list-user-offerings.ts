import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';

const userPath = (userId: string) => `/api/userServices/${encodeURIComponent(userId)}`;

/**
 * One user's offerings with their own prices. A user who has none yet is given the defaults first (spec 7:
 * initialize is called when the user has no services), so the admin always has something to configure.
 */
export const listUserOfferings = async (userId: string, signal?: AbortSignal): Promise<Service[]> => {
  const offerings = await apiRequest(userPath(userId), { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
  if (offerings.length > 0) return offerings;
  return apiRequest(`${userPath(userId)}/initialize`, { method: 'POST', body: {}, schema: servicesResponseSchema, ...(signal ? { signal } : {}) });
};

export const useUserOfferings = (userId: string) =>
  useQuery({ queryKey: offeringKeys.user(userId), queryFn: ({ signal }) => listUserOfferings(userId, signal) });
