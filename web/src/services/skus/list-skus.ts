import { skuRecordSchema } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { skuKeys } from './keys';

const skusResponseSchema = z.object({ SkuData: z.array(skuRecordSchema) });

export const listSkus = (userId: string, signal?: AbortSignal): Promise<SkuRecord[]> =>
  apiRequest(`/api/auth/get-sku/${encodeURIComponent(userId)}`, { schema: skusResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.SkuData,
  );

export const useSkus = (userId: string) => useQuery({ queryKey: skuKeys.list(userId), queryFn: ({ signal }) => listSkus(userId, signal) });
