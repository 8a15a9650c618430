import { adminReportSchema, type AdminReport } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

/** The spans the admin's reports offer, in UTC days ending today. */
export const ADMIN_REPORT_SPANS = [7, 30, 90, 365] as const;
export type AdminReportSpan = (typeof ADMIN_REPORT_SPANS)[number];

const DAY_MS = 86_400_000;
const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export const spanDays = (days: number, now = Date.now()): { from: string; to: string } => ({ from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) });

/** Every span's report: what the dashboard's Refresh reads again. */
export const adminReportKey = ['admin', 'report'] as const;

export const getAdminReport = (days: number, signal?: AbortSignal): Promise<AdminReport> => {
  const params = new URLSearchParams({ ...spanDays(days), top: '10' });
  return apiRequest(`/api/admin/reports?${params.toString()}`, { schema: adminReportSchema, ...(signal ? { signal } : {}) });
};

/** Admin only; the report on screen stays while another span loads, and is read again every minute. */
export const useAdminReport = (days: number) =>
  useQuery({ queryKey: [...adminReportKey, days] as const, queryFn: ({ signal }) => getAdminReport(days, signal), placeholderData: keepPreviousData, refetchInterval: 60_000 });
