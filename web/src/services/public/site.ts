import { publicSiteSchema, type PublicSite } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const getPublicSite = (signal?: AbortSignal): Promise<PublicSite> => apiRequest('/api/public/site', { schema: publicSiteSchema, ...(signal ? { signal } : {}) });

/** The operator's links and the prices on sale; they change rarely, so one read per visit is enough. */
export const usePublicSite = () => useQuery({ queryKey: ['public', 'site'], queryFn: ({ signal }) => getPublicSite(signal), staleTime: 5 * 60_000 });
