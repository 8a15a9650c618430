import { todayFormLabelsResponseSchema, todayScanFormsResponseSchema, type TodayFormLabelsResponse, type TodayScanFormsResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

const todayPath = (userId: string): string => `/api/orders/scan-forms/today/${encodeURIComponent(userId)}`;

/**
 * POST /api/orders/scan-forms/today/{userId}: SCAN forms for the labels chosen among today's (their order ids), or
 * for every label of today on no form yet when none are named.
 */
export const makeTodayScanForms = (userId: string, orderIds?: readonly string[]): Promise<TodayScanFormsResponse> =>
  apiRequest(todayPath(userId), { method: 'POST', ...(orderIds ? { body: { orderIds } } : {}), schema: todayScanFormsResponseSchema });

/** GET /api/orders/scan-forms/today/{userId}: today's single labels, each available, voided or on a form already. */
export const getTodayFormLabels = (userId: string, signal?: AbortSignal): Promise<TodayFormLabelsResponse> =>
  apiRequest(todayPath(userId), { schema: todayFormLabelsResponseSchema, ...(signal ? { signal } : {}) });

/** Asked only while the dialog is open, and afresh each time it opens (labels bought or voided since). */
export const useTodayFormLabels = (userId: string, enabled: boolean) =>
  useQuery({ queryKey: orderKeys.scanFormLabels(userId), queryFn: ({ signal }) => getTodayFormLabels(userId, signal), enabled, staleTime: 0 });
