import { packagePresetsResponseSchema, type PackagePreset } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { packagePresetKeys } from './keys';

export const listPackagePresets = (userId: string, signal?: AbortSignal): Promise<PackagePreset[]> =>
  apiRequest(`/api/packages/${encodeURIComponent(userId)}`, { schema: packagePresetsResponseSchema, ...(signal ? { signal } : {}) }).then((body) => body.presets);

export const usePackagePresets = (userId: string) =>
  useQuery({ queryKey: packagePresetKeys.list(userId), queryFn: ({ signal }) => listPackagePresets(userId, signal) });
