import { Button } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { ScanFormTodayDialog } from './scan-form-today-dialog';

/**
 * "SCAN form for today": opens the list of today's single labels, where the seller chooses the parcels going to the
 * post office; one USPS SCAN form is made per sender address for them and downloaded.
 */
export const ScanFormTodayButton = ({ userId }: { userId: string }): ReactElement => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        data-testid="scan-form-today"
        title="One USPS SCAN form (PS Form 5630) per sender address for the labels you choose among today's: the carrier scans one barcode instead of every parcel"
      >
        <DownloadIcon />
        SCAN form for today
      </Button>
      <ScanFormTodayDialog userId={userId} open={open} onClose={() => setOpen(false)} />
    </>
  );
};
