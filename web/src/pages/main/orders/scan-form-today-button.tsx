import { Button } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { notify } from '../../../components/ui/toaster';
import { downloadScanForm } from '../../../libs/shipping-day-files';
import { makeTodayScanForms } from '../../../services/orders/scan-forms-today';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * "SCAN form for today": today's single labels not voided and on no form yet go on a USPS SCAN form, one per sender
 * address; every form of today is downloaded (asking again gives the same forms, plus one for labels bought since).
 */
export const ScanFormTodayButton = ({ userId }: { userId: string }): ReactElement => {
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      const { forms } = await makeTodayScanForms(userId);
      for (const form of forms) await downloadScanForm(form.downloadPath);
      const labels = forms.reduce((sum, form) => sum + form.count, 0);
      notify.success(`SCAN form for today: ${plural(forms.length, 'form')} for ${plural(labels, 'label')} downloaded.`);
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : 'The SCAN form could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void run()}
      loading={busy}
      loadingText="Making SCAN form..."
      data-testid="scan-form-today"
      title="One USPS SCAN form (PS Form 5630) per sender address for today's labels: the carrier scans one barcode instead of every parcel"
    >
      <DownloadIcon />
      SCAN form for today
    </Button>
  );
};
