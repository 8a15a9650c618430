import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';

/** Admin only: the services every new user starts from, prices in cents. */
export const listDefaultServices = (signal?: AbortSignal): Promise<Service[]> =>
  apiRequest('/api/defaultServices', { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });

export const useDefaultServices = () => useQuery({ queryKey: serviceKeys.defaults(), queryFn: ({ signal }) => listDefaultServices(signal) });
