import { Button } from '@chakra-ui/react';
import { EXPORT_ROWS_CEILING } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { downloadErrorMessage } from '../../libs/download-file';
import { DownloadIcon } from '../ui/icons';
import { notify } from '../ui/toaster';

interface ExportCsvButtonProps {
  /** How many rows match: nothing to export at 0; over the ceiling, the file holds the newest rows only. */
  total: number;
  /** What a row is, for the toasts (`orders`, `batch orders`). */
  itemLabel: string;
  /** Saves the file; resolves with its name. */
  onExport: () => Promise<string>;
}

/** Saves what the filters found as CSV; the button shows progress and cannot be pressed twice. */
export const ExportCsvButton = ({ total, itemLabel, onExport }: ExportCsvButtonProps): ReactElement => {
  const [saving, setSaving] = useState(false);
  const capped = total > EXPORT_ROWS_CEILING;
  const run = async () => {
    setSaving(true);
    try {
      const name = await onExport();
      notify.success(`Saved ${name}`, capped ? { description: `The newest ${EXPORT_ROWS_CEILING.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${itemLabel}: narrow the filters for the rest.` } : undefined);
    } catch (error) {
      notify.error(downloadErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={saving} loadingText="Exporting" disabled={total === 0}>
      <DownloadIcon />
      Export CSV
    </Button>
  );
};
