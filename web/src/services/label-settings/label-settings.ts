import { labelSettingsSchema, type LabelSettings } from '@labeldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const labelSettingsKeys = {
  all: ['label-settings'] as const,
  of: (userId: string) => [...labelSettingsKeys.all, userId] as const,
};

const settingsOf = (userId: string) => `/api/label-settings/${encodeURIComponent(userId)}`;

/** `GET /api/label-settings/{userId}`: the paper the user's single labels download on (decision 096). */
export const getLabelSettings = (userId: string, signal?: AbortSignal): Promise<LabelSettings> =>
  apiRequest(settingsOf(userId), { schema: labelSettingsSchema, ...(signal ? { signal } : {}) });

export const setLabelSettings = ({ userId, settings }: { userId: string; settings: LabelSettings }): Promise<LabelSettings> =>
  apiRequest(settingsOf(userId), { method: 'PUT', body: settings, schema: labelSettingsSchema });

export const useLabelSettings = (userId: string) => useQuery({ queryKey: labelSettingsKeys.of(userId), queryFn: ({ signal }) => getLabelSettings(userId, signal) });

/** Saves the size and keeps the answer as the query's data, so every screen reading it follows at once. */
export const useSetLabelSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLabelSettings, onSuccess: (settings, { userId }) => queryClient.setQueryData(labelSettingsKeys.of(userId), settings) });
};
