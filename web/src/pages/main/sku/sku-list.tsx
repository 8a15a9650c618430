import { Button } from '@chakra-ui/react';
import type { SkuRecord } from '@labeldesk/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { EditableTable } from '../../../components/ui/editable-table';
import type { EditableColumn } from '../../../components/ui/editable-table';
import { BoxesIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useDeleteSku } from '../../../services/skus/delete-sku';
import { useUpdateSku } from '../../../services/skus/update-sku';
import { skuCustomsValues, skuEntrySchema } from './sku-entry';

/** Spec section 9: the SKU table shows 5 rows a page; its notifications close after 3 s. */
const PAGE_SIZE = 5;

const columns: readonly EditableColumn<SkuRecord>[] = [
  { key: 'sku', header: 'SKU', minW: '28' },
  { key: 'maxQty', header: 'Max Qty', kind: 'number', step: '1', min: 1, align: 'end', minW: '20' },
  { key: 'weight', header: 'Weight per unit (lb)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '24' },
  { key: 'packagingWeight', header: 'Packaging weight (lb)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '24' },
  { key: 'length', header: 'Length (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'width', header: 'Width (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'height', header: 'Height (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'description', header: 'Description', minW: '40' },
  { key: 'hsTariffNumber', header: 'HS code', minW: '28' },
  { key: 'originCountry', header: 'Origin', minW: '20' },
  { key: 'value', header: 'Customs value ($)', align: 'end', minW: '24' },
  { key: 'declaredValue', header: 'Declared value ($)', align: 'end', minW: '24' },
];

const toValues = (sku: SkuRecord): Record<string, string> => ({
  sku: sku.sku,
  maxQty: String(sku.maxQty),
  weight: String(sku.weight),
  packagingWeight: String(sku.packagingWeight),
  length: String(sku.length),
  width: String(sku.width),
  height: String(sku.height),
  description: sku.description ?? '',
  ...skuCustomsValues(sku),
});

interface SkuListProps {
  userId: string;
  skus: UseQueryResult<SkuRecord[]>;
  onAdd: () => void;
}

/** The saved SKUs, edited in place, 5 a page; the loading, failure and empty states around them. */
export const SkuList = ({ userId, skus, onAdd }: SkuListProps): ReactElement => {
  const update = useUpdateSku();
  const remove = useDeleteSku();
  return (
    <QueryState
      query={skus}
      loading={<TableSkeleton rows={PAGE_SIZE} label="Loading SKUs" />}
      error={{ title: 'Error fetching SKU data' }}
      isEmpty={(data) => data.length === 0}
      empty={{
        icon: <BoxesIcon />,
        title: 'No SKUs yet',
        description: 'Save the size and weight of the things you ship, one by one or from a CSV file, then pick them when you order a label.',
        action: (
          <Button size="sm" variant="outline" onClick={onAdd}>
            Add your first SKU
          </Button>
        ),
      }}
    >
      {(data) => (
        <EditableTable
          label="SKU data"
          itemLabel="SKUs"
          rows={data}
          columns={columns}
          pageSize={PAGE_SIZE}
          schema={skuEntrySchema}
          toValues={toValues}
          rowName={(sku) => sku.sku}
          onSave={(sku, skuData) => update.mutateAsync({ userId, id: sku._id, skuData })}
          onDelete={(sku) => remove.mutateAsync({ userId, id: sku._id })}
          toastDurationMs={SHORT_TOAST_MS}
        />
      )}
    </QueryState>
  );
};
