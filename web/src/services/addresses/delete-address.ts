import { okSchema } from '@labeldesk/contracts';
import type { DeleteAddressBody, SavedAddress } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

export const deleteAddress = ({ userId, id }: { userId: string; id: string }): Promise<{ ok: true }> =>
  apiRequest(`/api/auth/delete-address/${encodeURIComponent(userId)}`, { method: 'POST', body: { id } satisfies DeleteAddressBody, schema: okSchema });

export const useDeleteAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_result, { userId, id }) => {
      queryClient.setQueryData<SavedAddress[]>(addressKeys.list(userId), (list) => list?.filter((item) => item._id !== id));
      return queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) });
    },
  });
};
