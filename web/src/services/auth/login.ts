import { isTwoFactorChallenge, loginAnswerSchema } from '@labeldesk/contracts';
import type { LoginAnswer, LoginRequest } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';

export const login = (body: LoginRequest): Promise<LoginAnswer> =>
  apiRequest('/api/auth/login', { method: 'POST', body, schema: loginAnswerSchema });

/**
 * Spec "Login": idle → loading → success (token and user stored) or failure (server message or 'Login failed'). With
 * two-factor sign-in on, the password answers a challenge instead: nothing is stored until a code follows.
 */
export const useLogin = () => {
  const { setSession, setLoading, setError } = useAuthStore.getState();
  return useMutation({
    mutationFn: login,
    onMutate: () => {
      setError(null);
      setLoading(true);
    },
    onSuccess: (answer) => (isTwoFactorChallenge(answer) ? setLoading(false) : setSession(answer.token, answer.user)),
    onError: (error) => setError(errorMessage(error, 'Login failed')),
  });
};
