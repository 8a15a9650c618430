import {
  loginResponseSchema,
  okSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  type LoginResponse,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorEnableResponse,
  type TwoFactorRecoveryCodesBody,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
  type TwoFactorVerifyBody,
} from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';
import { authKeys } from './keys';

/** Whether it is on, and the recovery codes not used yet. */
export const fetchTwoFactorStatus = (): Promise<TwoFactorStatus> => apiRequest('/api/auth/2fa', { schema: twoFactorStatusSchema });

export const setupTwoFactor = (): Promise<TwoFactorSetupResponse> =>
  apiRequest('/api/auth/2fa/setup', { method: 'POST', body: {}, schema: twoFactorSetupResponseSchema });

export const enableTwoFactor = (body: TwoFactorEnableBody): Promise<TwoFactorEnableResponse> =>
  apiRequest('/api/auth/2fa/enable', { method: 'POST', body, schema: twoFactorEnableResponseSchema });

export const disableTwoFactor = (body: TwoFactorDisableBody): Promise<{ ok: true }> =>
  apiRequest('/api/auth/2fa/disable', { method: 'POST', body, schema: okSchema });

/** New recovery codes in place of every earlier one, for a code and the password. */
export const newRecoveryCodes = (body: TwoFactorRecoveryCodesBody): Promise<TwoFactorEnableResponse> =>
  apiRequest('/api/auth/2fa/recovery-codes', { method: 'POST', body, schema: twoFactorEnableResponseSchema });

/** The sign-in's second step: the challenge the password answered and a code. */
export const verifyTwoFactor = (body: TwoFactorVerifyBody): Promise<LoginResponse> =>
  apiRequest('/api/auth/2fa/verify', { method: 'POST', body, schema: loginResponseSchema });

/** On or off and the recovery codes left (the Account page shows the count while it is on). */
export const useTwoFactorStatus = () => {
  const token = useAuthStore((state) => state.token);
  return useQuery({ queryKey: authKeys.twoFactor(token), queryFn: fetchTwoFactorStatus });
};

/** The stored user shows whether two-factor sign-in is on; the session check then reads it again from the server. */
const useMarkTwoFactor = () => {
  const queryClient = useQueryClient();
  return (enabled: boolean) => {
    const { user, setUser, token } = useAuthStore.getState();
    if (user) setUser({ ...user, twoFactorEnabled: enabled });
    void queryClient.invalidateQueries({ queryKey: authKeys.session(token) });
    void queryClient.invalidateQueries({ queryKey: authKeys.twoFactor(token) });
  };
};

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });

export const useEnableTwoFactor = () => {
  const mark = useMarkTwoFactor();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => mark(true) });
};

export const useDisableTwoFactor = () => {
  const mark = useMarkTwoFactor();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => mark(false) });
};

export const useNewRecoveryCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.twoFactor(useAuthStore.getState().token) }),
  });
};

export const useVerifyTwoFactor = () =>
  useMutation({ mutationFn: verifyTwoFactor, onSuccess: ({ token, user }) => useAuthStore.getState().setSession(token, user) });
