import { savedAddressSchema } from '@labeldesk/contracts';
import type { SavedAddress } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { addressKeys } from './keys';

const addressesResponseSchema = z.object({ savedAddress: z.array(savedAddressSchema) });

export const listAddresses = (userId: string, signal?: AbortSignal): Promise<SavedAddress[]> =>
  apiRequest(`/api/auth/get-address/${encodeURIComponent(userId)}`, { schema: addressesResponseSchema, ...(signal ? { signal } : {}) }).then(
    (body) => body.savedAddress,
  );

export const useAddresses = (userId: string) =>
  useQuery({ queryKey: addressKeys.list(userId), queryFn: ({ signal }) => listAddresses(userId, signal) });
