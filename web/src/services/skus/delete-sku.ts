import { okSchema } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { skuKeys } from './keys';

/** Spec 7: the id is in the path and the body is empty; the user id only names the cache to update. */
export const deleteSku = ({ id }: { userId: string; id: string }): Promise<{ ok: true }> =>
  apiRequest(`/api/auth/delete-sku/${encodeURIComponent(id)}`, { method: 'POST', body: {}, schema: okSchema });

export const useDeleteSku = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSku,
    onSuccess: (_result, { userId, id }) => {
      queryClient.setQueryData<SkuRecord[]>(skuKeys.list(userId), (list) => list?.filter((item) => item._id !== id));
      return queryClient.invalidateQueries({ queryKey: skuKeys.list(userId) });
    },
  });
};
