import {
  forgotPasswordResponseSchema,
  resetLinkResponseSchema,
  resetPasswordResponseSchema,
  type ForgotPasswordBody,
  type ForgotPasswordResponse,
  type ResetLinkResponse,
  type ResetPasswordBody,
  type ResetPasswordResponse,
} from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const requestPasswordReset = (email: string): Promise<ForgotPasswordResponse> =>
  apiRequest('/api/auth/forgot-password', { method: 'POST', body: { email } satisfies ForgotPasswordBody, schema: forgotPasswordResponseSchema });

export const resetPassword = (body: ResetPasswordBody): Promise<ResetPasswordResponse> =>
  apiRequest('/api/auth/reset-password', { method: 'POST', body, schema: resetPasswordResponseSchema });

/** Admin: a one-time link for the operator to hand over (User Management). */
export const issueResetLink = (userId: string): Promise<ResetLinkResponse> =>
  apiRequest(`/api/auth/users/${encodeURIComponent(userId)}/reset-link`, { method: 'POST', schema: resetLinkResponseSchema });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useIssueResetLink = () => useMutation({ mutationFn: issueResetLink });
