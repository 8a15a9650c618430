import { skuListResponseSchema } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { skuKeys } from './keys';

export const listSkus = (userId: string, signal?: AbortSignal): Promise<SkuRecord[]> =>
  apiRequest(`/api/auth/get-sku/${encodeURIComponent(userId)}`, { schema: skuListResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.SkuData,
  );

export const useSkus = (userId: string) => useQuery({ queryKey: skuKeys.list(userId), queryFn: ({ signal }) => listSkus(userId, signal) });
