import { rawServicesResponseSchema } from '@labeldesk/contracts';
import type { RawService } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';

/** Admin only: the carrier's shipping services as it lists them (spec: 'Original Service Data'). */
export const listRawShippingServices = (signal?: AbortSignal): Promise<RawService[]> =>
  apiRequest('/api/rawServices', { schema: rawServicesResponseSchema, ...(signal ? { signal } : {}) });

export const useRawShippingServices = () => useQuery({ queryKey: shippingServiceKeys.raw(), queryFn: ({ signal }) => listRawShippingServices(signal) });
