import { skuRecordSchema } from '@labeldesk/contracts';
import type { SkuBody, SkuForm, SkuRecord } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { skuKeys } from './keys';

export const updateSku = ({ userId, id, skuData }: { userId: string; id: string; skuData: SkuForm }): Promise<SkuRecord> =>
  apiRequest(`/api/auth/update-sku/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { skuData } satisfies SkuBody,
    schema: skuRecordSchema,
  });

export const useUpdateSku = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSku,
    onSuccess: (updated, { userId }) => {
      queryClient.setQueryData<SkuRecord[]>(skuKeys.list(userId), (list) => list?.map((item) => (item._id === updated._id ? updated : item)));
      return queryClient.invalidateQueries({ queryKey: skuKeys.list(userId) });
    },
  });
};
