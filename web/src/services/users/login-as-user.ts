import { loginResponseSchema } from '@labeldesk/contracts';
import type { LoginResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

/** Admin only: a session as another user. The caller replaces its own session with it. */
export const loginAsUser = (userId: string): Promise<LoginResponse> =>
  apiRequest(`/api/auth/login-as-user/${encodeURIComponent(userId)}`, { method: 'POST', body: {}, schema: loginResponseSchema });

export const useLoginAsUser = () => useMutation({ mutationFn: loginAsUser });
