import { savedAddressSchema } from '@labeldesk/contracts';
import type { AddressBody, AddressForm, SavedAddress } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

export interface UpdateAddressVariables {
  userId: string;
  /** The address's `_id`, not its `address_id`. */
  id: string;
  formData: AddressForm;
}

export const updateAddress = ({ userId, id, formData }: UpdateAddressVariables): Promise<SavedAddress> =>
  apiRequest(`/api/auth/update-address/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { formData } satisfies AddressBody,
    schema: savedAddressSchema,
  });

export const useUpdateAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (updated, { userId }) => {
      queryClient.setQueryData<SavedAddress[]>(addressKeys.list(userId), (list) => list?.map((item) => (item._id === updated._id ? updated : item)));
      return queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) });
    },
  });
};
