import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';

/** Admin only: the shipping services every new user starts from, prices in cents. */
export const listDefaultShippingServices = (signal?: AbortSignal): Promise<Service[]> =>
  apiRequest('/api/defaultServices', { schema: servicesResponseSchema, ...(signal ? { signal } : {}) });

export const useDefaultShippingServices = () => useQuery({ queryKey: shippingServiceKeys.defaults(), queryFn: ({ signal }) => listDefaultShippingServices(signal) });
