import { Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import { skuFormSchema } from '@labeldesk/contracts';
import type { SkuRecord } from '@labeldesk/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, ReactElement } from 'react';
import { EditableTable } from '../../../components/ui/editable-table';
import type { EditableColumn } from '../../../components/ui/editable-table';
import { BoxesIcon, DownloadIcon, PlusIcon, UploadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { saveBlob } from '../../../libs/download-file';
import { isApiError } from '../../../libs/http-client';
import { useAddSkus } from '../../../services/skus/add-skus';
import { useDeleteSku } from '../../../services/skus/delete-sku';
import { useSkus } from '../../../services/skus/list-skus';
import { useUpdateSku } from '../../../services/skus/update-sku';
import { useAuthStore } from '../../../stores/auth.store';
import { AddSkuDialog } from './add-sku-dialog';
import { parseSkuCsv, SkuCsvError, skuCsvTemplate } from './sku-csv';
import { UploadErrors } from './upload-errors';

/** Spec section 9: the SKU table shows 5 rows a page; its notifications close after 3 s. */
const PAGE_SIZE = 5;
const short = { durationMs: SHORT_TOAST_MS };

const columns: readonly EditableColumn<SkuRecord>[] = [
  { key: 'sku', header: 'SKU', minW: '28' },
  { key: 'maxQty', header: 'Max Qty', kind: 'number', step: '1', min: 1, align: 'end', minW: '20' },
  { key: 'weight', header: 'Weight per unit (lb)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '24' },
  { key: 'packagingWeight', header: 'Packaging weight (lb)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '24' },
  { key: 'length', header: 'Length (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'width', header: 'Width (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'height', header: 'Height (in)', kind: 'number', step: '0.1', min: 0, align: 'end', minW: '20' },
  { key: 'description', header: 'Description', minW: '40' },
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
});

/** Every row the server refused ('Row 3: Weight must be greater than 0'), or its one message. */
const uploadProblems = (error: unknown): string[] => {
  if (error instanceof SkuCsvError) return [error.message];
  if (isApiError(error) && error.issues?.length) return error.issues.map((issue) => issue.message);
  if (isApiError(error) && error.fromServer) return [error.message];
  return ['The file could not be sent. Check your connection, then try again.'];
};

const SkuManagement = ({ userId }: { userId: string }): ReactElement => {
  const skus = useSkus(userId);
  const upload = useAddSkus();
  const update = useUpdateSku();
  const remove = useDeleteSku();
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<{ fileName: string; messages: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (skus.isError) notify.error('Error fetching SKU data', short);
  }, [skus.isError]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after fixing it
    if (!file) return;
    setProblems(null);
    setReading(true);
    try {
      const parsedData = await parseSkuCsv(file);
      await upload.mutateAsync({ userId, parsedData });
      notify.success('CSV Uploaded Successfully', short);
    } catch (error) {
      setProblems({ fileName: file.name, messages: uploadProblems(error) });
      notify.error('Error uploading file', short);
    } finally {
      setReading(false);
    }
  };

  const downloadTemplate = () => saveBlob(new Blob([skuCsvTemplate()], { type: 'text/csv' }), 'sku_template.csv');

  const addButton = (
    <Button size="sm" onClick={() => setAdding(true)}>
      <PlusIcon />
      Add New SKU
    </Button>
  );

  const content = (): ReactElement => (
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
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
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
          schema={skuFormSchema}
          toValues={toValues}
          rowName={(sku) => sku.sku}
          onSave={(sku, skuData) => update.mutateAsync({ userId, id: sku._id, skuData })}
          onDelete={(sku) => remove.mutateAsync({ userId, id: sku._id })}
          toastDurationMs={SHORT_TOAST_MS}
        />
      )}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="SKU Data Management"
        description="Package sizes and weights by SKU, used to fill orders: a package of n units weighs n × weight per unit + packaging weight. Upload a CSV or add them one at a time."
        actions={
          <>
            <Button size="sm" variant="ghost" colorPalette="gray" onClick={downloadTemplate}>
              <DownloadIcon />
              Download CSV template
            </Button>
            <Button size="sm" variant="outline" colorPalette="gray" onClick={() => fileInput.current?.click()} loading={reading} loadingText="Uploading">
              <UploadIcon />
              Upload CSV File
            </Button>
            {addButton}
          </>
        }
      />
      <VisuallyHidden>
        <input ref={fileInput} type="file" accept=".csv,text/csv" aria-label="SKU CSV file" tabIndex={-1} onChange={(event) => void onFile(event)} />
      </VisuallyHidden>
      <Stack gap="4">
        {problems && <UploadErrors fileName={problems.fileName} messages={problems.messages} onDismiss={() => setProblems(null)} />}
        {content()}
      </Stack>
      <AddSkuDialog userId={userId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
};

export const SkuPage = (): ReactElement | null => {
  useDocumentTitle('SKU Data Management');
  const user = useAuthStore((state) => state.user);
  return user ? <SkuManagement key={user._id} userId={user._id} /> : null;
};
