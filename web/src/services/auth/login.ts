import { loginResponseSchema } from '@labeldesk/contracts';
import type { LoginRequest, LoginResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiRequest('/api/auth/login', { method: 'POST', body, schema: loginResponseSchema });

/** Spec "Login": idle → loading → success (token and user stored) or failure (server message or 'Login failed'). */
export const useLogin = () => {
  const { setSession, setLoading, setError } = useAuthStore.getState();
  return useMutation({
    mutationFn: login,
    onMutate: () => {
      setError(null);
      setLoading(true);
    },
    onSuccess: ({ token, user }) => setSession(token, user),
    onError: (error) => setError(errorMessage(error, 'Login failed')),
  });
};
