import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';

/** Admin only: the offerings every new user starts from, prices in cents. */
export const listDefaultOfferings = (signal?: AbortSignal): Promise<Service[]> =>
  apiRequest('/api/defaultServices', { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });

export const useDefaultOfferings = () => useQuery({ queryKey: offeringKeys.defaults(), queryFn: ({ signal }) => listDefaultOfferings(signal) });
