import { registerResponseSchema } from '@labeldesk/contracts';
import type { RegisterRequest, RegisterResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';

export const register = (body: RegisterRequest): Promise<RegisterResponse> =>
  apiRequest('/api/auth/register', { method: 'POST', body, schema: registerResponseSchema });

/** Spec section 8: the server's message; 'Registration failed' when it answered without one; otherwise a generic retry hint. */
export const registerErrorMessage = (error: unknown): string => {
  if (isApiError(error) && error.fromServer) return error.message;
  if (isApiError(error) && error.status > 0) return 'Registration failed';
  return 'An error occurred. Please try again.';
};

export const useRegister = () => {
  const { setSession } = useAuthStore.getState();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => setSession(token, user),
  });
};
