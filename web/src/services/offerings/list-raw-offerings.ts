import { rawServicesResponseSchema } from '@labeldesk/contracts';
import type { RawService } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';

/** Admin only: the carrier's offerings as it lists them (spec: 'Original Service Data'). */
export const listRawOfferings = (signal?: AbortSignal): Promise<RawService[]> =>
  apiRequest('/api/rawServices', { schema: rawServicesResponseSchema, ...(signal ? { signal } : {}) });

export const useRawOfferings = () => useQuery({ queryKey: offeringKeys.raw(), queryFn: ({ signal }) => listRawOfferings(signal) });
