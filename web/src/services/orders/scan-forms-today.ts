import { todayScanFormsResponseSchema, type TodayScanFormsResponse } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

/** POST /api/orders/scan-forms/today/{userId}: today's SCAN forms of single labels, made for labels on none yet. */
export const makeTodayScanForms = (userId: string): Promise<TodayScanFormsResponse> =>
  apiRequest(`/api/orders/scan-forms/today/${encodeURIComponent(userId)}`, { method: 'POST', schema: todayScanFormsResponseSchema });
