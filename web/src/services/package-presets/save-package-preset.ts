import { okSchema, packagePresetSchema, type PackagePreset, type PackagePresetForm } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { packagePresetKeys } from './keys';

const presetsOf = (userId: string) => `/api/packages/${encodeURIComponent(userId)}`;

export const createPackagePreset = ({ userId, preset }: { userId: string; preset: PackagePresetForm }): Promise<PackagePreset> =>
  apiRequest(presetsOf(userId), { method: 'POST', body: preset, schema: packagePresetSchema });

export const updatePackagePreset = ({ userId, id, preset }: { userId: string; id: string; preset: PackagePresetForm }): Promise<PackagePreset> =>
  apiRequest(`${presetsOf(userId)}/${encodeURIComponent(id)}`, { method: 'PUT', body: preset, schema: packagePresetSchema });

export const deletePackagePreset = ({ userId, id }: { userId: string; id: string }): Promise<{ ok: true }> =>
  apiRequest(`${presetsOf(userId)}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema });

/** Each change refreshes the user's list (the Packages page and the Order Label picker read the same query). */
const usePresetMutation = <Input extends { userId: string }, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (_result, { userId }) => queryClient.invalidateQueries({ queryKey: packagePresetKeys.list(userId) }) });
};

export const useCreatePackagePreset = () => usePresetMutation(createPackagePreset);
export const useUpdatePackagePreset = () => usePresetMutation(updatePackagePreset);
export const useDeletePackagePreset = () => usePresetMutation(deletePackagePreset);
