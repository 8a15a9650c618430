import { AUTH_LIMITS, verifyResponseSchema } from '@labeldesk/contracts';
import type { VerifyResponse } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';
import { authKeys } from './keys';

/**
 * The Account form. Built from the contracts' limits so it agrees with registration; an empty password
 * means "keep the current one" and is not sent.
 */
export const updateMeFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is required' })
    .max(AUTH_LIMITS.nameMax, { error: 'Name is too long' }),
  password: z
    .string()
    .refine((value) => value === '' || value.length >= AUTH_LIMITS.passwordMin, {
      error: `Password must be at least ${AUTH_LIMITS.passwordMin} characters`,
    })
    .refine((value) => value.length <= AUTH_LIMITS.passwordMax, {
      error: `Password must be at most ${AUTH_LIMITS.passwordMax} characters`,
    }),
});
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
