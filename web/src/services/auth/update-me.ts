import { updateProfileRequestSchema, updateProfileResponseSchema } from '@labeldesk/contracts';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { apiKeyKeys } from '../api-keys/api-keys';
import { useAuthStore } from '../../stores/auth.store';
import { authKeys } from './keys';

/**
 * The Account form uses the server's own schema; an empty password means "keep the current one", and a new one
 * needs the current one (the server refuses it otherwise).
 */
export const updateMeFormSchema = updateProfileRequestSchema
  .required({ password: true, currentPassword: true })
  .refine((form) => form.password === '' || form.currentPassword !== '', { path: ['currentPassword'], error: 'Enter your current password to set a new one' });
export type UpdateMeForm = z.output<typeof updateMeFormSchema>;

/** A new password revokes the API keys too unless the holder unticks it (decision 072); a name alone touches none. */
export const toUpdateMeBody = ({ name, password, currentPassword }: UpdateMeForm, revokeApiKeys = true): UpdateProfileRequest =>
  password ? { name, password, currentPassword, revokeApiKeys } : { name };

export const updateMe = (body: UpdateProfileRequest): Promise<UpdateProfileResponse> =>
  apiRequest('/api/auth/me', { method: 'POST', body, schema: updateProfileResponseSchema });

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (data) => {
      const { token, setUser, setSession } = useAuthStore.getState();
      // A new password ends every other session; this one carries on with the token the server issued.
      if (data.token) setSession(data.token, data.user);
      else setUser(data.user);
      queryClient.setQueryData(authKeys.session(data.token ?? token), { user: data.user });
      if (data.revokedApiKeys) void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
};
