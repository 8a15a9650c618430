import { Button, Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuthStore } from '../../../stores/auth.store';
import { BulkFooter } from './bulk-footer';
import { BulkItems } from './bulk-items';
import { BulkUploadCard } from './bulk-upload-card';
import { CsvMappingPanel } from './csv-mapping-panel';
import { DeleteRowDialog } from './delete-row-dialog';
import { useBulkOrder } from './use-bulk-order';
import { ValidationErrorsDialog } from './validation-errors-dialog';

const BulkOrderScreen = ({ user }: { user: PublicUser }): ReactElement => {
  const order = useBulkOrder(user);
  return (
    <>
      <PageHeader
        title="Bulk Order"
        description="Buy many labels at once from an Amazon unshipped-orders file or a CSV made from the template."
        actions={
          <Button size="sm" variant="outline" colorPalette="gray" onClick={order.template.onDownload} loading={order.template.downloading} loadingText="Downloading">
            <DownloadIcon />
            Bulk Template CSV
          </Button>
        }
      />
      <Stack gap="4">
        <BulkUploadCard upload={order.upload} settings={order.settings} />
        <CsvMappingPanel {...order.mapping} />
        <BulkItems {...order.items} />
        <BulkFooter {...order.footer} />
      </Stack>
      <DeleteRowDialog {...order.deletion} />
      <ValidationErrorsDialog {...order.validation} />
    </>
  );
};

export const BulkOrderPage = (): ReactElement | null => {
  useDocumentTitle('Bulk Order');
  const user = useAuthStore((state) => state.user);
  return user ? <BulkOrderScreen key={user._id} user={user} /> : null;
};
