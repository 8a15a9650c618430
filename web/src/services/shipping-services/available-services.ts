import { availableServicesResponseSchema } from '@labeldesk/contracts';
import type { AvailableService } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { initializeUserServices } from './initialize-services';
import { userServiceKeys } from './available-keys';

export const getAvailableServices = (userId: string, signal?: AbortSignal): Promise<AvailableService[]> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/available`, {
    schema: availableServicesResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Users whose services were initialised in this tab: initialising is asked for once, never in a loop. */
const initialized = new Set<string>();

/** What the user may buy. A user with no services yet gets the defaults once, then the list is read again. */
export const loadAvailableServices = async (userId: string, signal?: AbortSignal): Promise<AvailableService[]> => {
  const services = await getAvailableServices(userId, signal);
  if (services.length > 0 || initialized.has(userId)) return services;
  initialized.add(userId);
  await initializeUserServices(userId);
  return getAvailableServices(userId, signal);
};

export const useAvailableServices = (userId: string) =>
  useQuery({
    queryKey: userServiceKeys.available(userId),
    queryFn: ({ signal }) => loadAvailableServices(userId, signal),
    staleTime: 5 * 60_000,
  });
