import { addSkusResponseSchema, type AddSkusBody, type AddSkusResponse } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { skuKeys } from './keys';

/** A SKU row as a form or a CSV line has it: text or numbers, checked by the server's skuFormSchema. */
export type SkuRowInput = Record<string, unknown>;

/**
 * Adds one SKU (the modal) or every row of a CSV. All or nothing: a 400 names each bad row in `issues`
 * (`{ path: 'row 3', message: 'Row 3: Weight must be greater than 0' }`).
 */
export const addSkus = ({ userId, parsedData }: { userId: string; parsedData: SkuRowInput[] }): Promise<AddSkusResponse> =>
  apiRequest(`/api/auth/add-sku/${encodeURIComponent(userId)}`, { method: 'POST', body: { parsedData } satisfies AddSkusBody, schema: addSkusResponseSchema });

export const useAddSkus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSkus,
    onSuccess: (_result, { userId }) => queryClient.invalidateQueries({ queryKey: skuKeys.list(userId) }),
  });
};
