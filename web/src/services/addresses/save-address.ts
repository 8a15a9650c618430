import { savedAddressSchema } from '@labeldesk/contracts';
import type { AddressBody, AddressForm, SavedAddress } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

export const saveAddress = ({ userId, formData }: { userId: string; formData: AddressForm }): Promise<SavedAddress> =>
  apiRequest(`/api/auth/save-address/${encodeURIComponent(userId)}`, { method: 'POST', body: { formData } satisfies AddressBody, schema: savedAddressSchema });

export const useSaveAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: (_saved, { userId }) => queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) }),
  });
};
