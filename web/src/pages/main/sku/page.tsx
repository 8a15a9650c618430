import { Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { DownloadIcon, PlusIcon, UploadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { saveBlob } from '../../../libs/download-file';
import { useSkus } from '../../../services/skus/list-skus';
import { useAuthStore } from '../../../stores/auth.store';
import { AddSkuDialog } from './add-sku-dialog';
import { skuCsvTemplate } from './sku-csv';
import { SkuList } from './sku-list';
import { UploadErrors } from './upload-errors';
import { useSkuUpload } from './use-sku-upload';

const downloadTemplate = () => saveBlob(new Blob([skuCsvTemplate()], { type: 'text/csv' }), 'sku_template.csv');

const SkuManagement = ({ userId }: { userId: string }): ReactElement => {
  const skus = useSkus(userId);
  const upload = useSkuUpload(userId);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (skus.isError) notify.error('Error fetching SKU data', { durationMs: SHORT_TOAST_MS });
  }, [skus.isError]);

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
            <Button size="sm" variant="outline" colorPalette="gray" onClick={() => upload.fileInput.current?.click()} loading={upload.reading} loadingText="Uploading">
              <UploadIcon />
              Upload CSV File
            </Button>
            <Button size="sm" onClick={() => setAdding(true)}>
              <PlusIcon />
              Add New SKU
            </Button>
          </>
        }
      />
      <VisuallyHidden>
        <input ref={upload.fileInput} type="file" accept=".csv,text/csv" aria-label="SKU CSV file" tabIndex={-1} onChange={(event) => void upload.onFile(event)} />
      </VisuallyHidden>
      <Stack gap="4">
        {upload.problems && <UploadErrors fileName={upload.problems.fileName} messages={upload.problems.messages} onDismiss={upload.dismissProblems} />}
        <SkuList userId={userId} skus={skus} onAdd={() => setAdding(true)} />
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
