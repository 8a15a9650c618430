import { rawServicesResponseSchema } from '@labeldesk/contracts';
import type { RawService } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';

/** Admin only: the carrier's services as it lists them (spec: 'Original Service Data'). */
export const listRawServices = (signal?: AbortSignal): Promise<RawService[]> =>
  apiRequest('/api/rawServices', { schema: rawServicesResponseSchema, ...(signal ? { signal } : {}) });

export const useRawServices = () => useQuery({ queryKey: serviceKeys.raw(), queryFn: ({ signal }) => listRawServices(signal) });
