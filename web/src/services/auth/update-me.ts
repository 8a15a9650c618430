import { updateProfileRequestSchema, verifyResponseSchema } from '@labeldesk/contracts';
import type { VerifyResponse } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';
import { authKeys } from './keys';

/** The Account form uses the server's own schema; an empty password means "keep the current one". */
export const updateMeFormSchema = updateProfileRequestSchema.required({ password: true });
export type UpdateMeForm = z.output<typeof updateMeFormSchema>;

export interface UpdateMeBody {
  name: string;
  password?: string;
}

export const toUpdateMeBody = ({ name, password }: UpdateMeForm): UpdateMeBody => (password ? { name, password } : { name });

export const updateMe = (body: UpdateMeBody): Promise<VerifyResponse> =>
  apiRequest('/api/auth/me', { method: 'POST', body, schema: verifyResponseSchema });

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (data) => {
      const { token, setUser } = useAuthStore.getState();
      setUser(data.user);
      queryClient.setQueryData(authKeys.session(token), data);
    },
  });
};
