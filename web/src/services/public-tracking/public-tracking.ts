import { publicTrackingSchema, type PublicTracking } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../libs/http-client';

export const getPublicTracking = (token: string, signal?: AbortSignal): Promise<PublicTracking> =>
  apiRequest(`/api/public/tracking/${encodeURIComponent(token)}`, { schema: publicTrackingSchema, ...(signal ? { signal } : {}) });

/** A parcel's page for the buyer; a link that is not (or no longer) one is answered once, not asked again. */
export const usePublicTracking = (token: string) =>
  useQuery({
    queryKey: ['public-tracking', token],
    queryFn: ({ signal }) => getPublicTracking(token, signal),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
