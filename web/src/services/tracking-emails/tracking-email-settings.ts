import { trackingEmailSettingsSchema, type TrackingEmailSettings, type TrackingEmailSettingsInput } from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

const settingsKey = ['tracking-emails', 'settings'] as const;

export const getTrackingEmailSettings = (signal?: AbortSignal): Promise<TrackingEmailSettings> =>
  apiRequest('/api/tracking-emails/settings', { schema: trackingEmailSettingsSchema, ...(signal ? { signal } : {}) });

export const saveTrackingEmailSettings = (body: TrackingEmailSettingsInput): Promise<TrackingEmailSettings> =>
  apiRequest('/api/tracking-emails/settings', { method: 'PUT', body, schema: trackingEmailSettingsSchema });

export const useTrackingEmailSettings = () => useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getTrackingEmailSettings(signal) });

export const useSaveTrackingEmailSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTrackingEmailSettings, onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved) });
};
