import { savedAddressesResponseSchema } from '@labeldesk/contracts';
import type { SavedAddress } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

export const listAddresses = (userId: string, signal?: AbortSignal): Promise<SavedAddress[]> =>
  apiRequest(`/api/auth/get-address/${encodeURIComponent(userId)}`, { schema: savedAddressesResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.savedAddress,
  );

export const useAddresses = (userId: string) =>
  useQuery({ queryKey: addressKeys.list(userId), queryFn: ({ signal }) => listAddresses(userId, signal) });
