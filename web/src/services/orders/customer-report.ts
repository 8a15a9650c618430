import { customerReportSchema, type CustomerReport, type ReportGrouping } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

export interface ReportRange {
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

/** GET /api/reports/{userId}: the user's labels over UTC days, by period, service and courier (decision 092). */
export const getCustomerReport = (userId: string, range: ReportRange, signal?: AbortSignal): Promise<CustomerReport> =>
  apiRequest(`/api/reports/${encodeURIComponent(userId)}?${new URLSearchParams({ ...range }).toString()}`, { schema: customerReportSchema, ...(signal ? { signal } : {}) });

/** Under the orders keys, so the Dashboard's Refresh reads it again with the rest; the last report stays while the next loads. */
export const useCustomerReport = (userId: string, range: ReportRange) =>
  useQuery({
    queryKey: [...orderKeys.all, 'report', userId, range.from, range.to, range.groupBy] as const,
    queryFn: ({ signal }) => getCustomerReport(userId, range, signal),
    placeholderData: keepPreviousData,
  });
