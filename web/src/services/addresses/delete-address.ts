import type { SavedAddress } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

export const deleteAddress = ({ userId, id }: { userId: string; id: string }): Promise<unknown> =>
  apiRequest(`/api/auth/delete-address/${encodeURIComponent(userId)}`, { method: 'POST', body: { id }, schema: z.unknown() });

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
