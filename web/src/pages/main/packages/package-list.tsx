import { Button } from '@chakra-ui/react';
import { packagePresetFormSchema, type PackagePreset } from '@labeldesk/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { EditableTable, type EditableColumn } from '../../../components/ui/editable-table';
import { PackageIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useDeletePackagePreset, useUpdatePackagePreset } from '../../../services/package-presets/save-package-preset';

const PAGE_SIZE = 10;

/** The editable table keys its rows by `_id`. */
type PresetRow = PackagePreset & { _id: string };

const columns: readonly EditableColumn<PresetRow>[] = [
  { key: 'name', header: 'Name', minW: '36' },
  { key: 'lengthIn', header: 'Length (in)', kind: 'number', step: '0.25', min: 0, align: 'end', minW: '20' },
  { key: 'widthIn', header: 'Width (in)', kind: 'number', step: '0.25', min: 0, align: 'end', minW: '20' },
  { key: 'heightIn', header: 'Height (in)', kind: 'number', step: '0.25', min: 0, align: 'end', minW: '20' },
  { key: 'tareWeightOz', header: 'Tare weight (oz)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '24' },
];

const toValues = (preset: PresetRow): Record<string, string> => ({
  name: preset.name,
  lengthIn: String(preset.lengthIn),
  widthIn: String(preset.widthIn),
  heightIn: String(preset.heightIn),
  tareWeightOz: String(preset.tareWeightOz),
});

const MESSAGES = { updated: 'Package updated', updateFailed: 'Could not update the package', deleted: 'Package deleted', deleteFailed: 'Could not delete the package' };

interface PackageListProps {
  userId: string;
  presets: UseQueryResult<PackagePreset[]>;
  onAdd: () => void;
}

/** The saved boxes, edited in place; the loading, failure and empty states around them. */
export const PackageList = ({ userId, presets, onAdd }: PackageListProps): ReactElement => {
  const update = useUpdatePackagePreset();
  const remove = useDeletePackagePreset();
  return (
    <QueryState
      query={presets}
      loading={<TableSkeleton rows={3} label="Loading packages" />}
      error={{ title: 'Could not load your packages' }}
      isEmpty={(data) => data.length === 0}
      empty={{
        icon: <PackageIcon />,
        title: 'No packages yet',
        description: 'Save the boxes and mailers you ship in, with their size and empty weight, then pick one when you order a label.',
        action: (
          <Button size="sm" variant="outline" onClick={onAdd}>
            Add your first package
          </Button>
        ),
      }}
    >
      {(data) => (
        <EditableTable
          label="Saved packages"
          itemLabel="packages"
          rows={data.map((preset): PresetRow => ({ ...preset, _id: preset.id }))}
          columns={columns}
          pageSize={PAGE_SIZE}
          schema={packagePresetFormSchema}
          toValues={toValues}
          rowName={(preset) => preset.name}
          onSave={(preset, values) => update.mutateAsync({ userId, id: preset.id, preset: values })}
          onDelete={(preset) => remove.mutateAsync({ userId, id: preset.id })}
          messages={MESSAGES}
          toastDurationMs={SHORT_TOAST_MS}
        />
      )}
    </QueryState>
  );
};
