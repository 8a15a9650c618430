import { applyReferralResponseSchema } from '@labeldesk/contracts';
import type { ApplyReferralRequest, ApplyReferralResponse } from '@labeldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';

export const applyReferral = (body: ApplyReferralRequest): Promise<ApplyReferralResponse> =>
  apiRequest('/api/invite/referral/apply', { method: 'POST', body, schema: applyReferralResponseSchema });

/** A successful apply issues a new token (the referral changes the user): both replace the stored session. */
export const useApplyReferral = () =>
  useMutation({
    mutationFn: applyReferral,
    onSuccess: ({ token, user }) => useAuthStore.getState().setSession(token, user),
  });
