import { adminStatsSchema, type AdminStats } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const adminStatsKey = ['admin', 'stats'] as const;

export const getAdminStats = (signal?: AbortSignal): Promise<AdminStats> =>
  apiRequest('/api/admin/stats', { schema: adminStatsSchema, ...(signal ? { signal } : {}) });

/** Admin only; refreshed every minute while the dashboard is open (batches finish, deposits arrive). */
export const useAdminStats = () => useQuery({ queryKey: adminStatsKey, queryFn: ({ signal }) => getAdminStats(signal), refetchInterval: 60_000 });
