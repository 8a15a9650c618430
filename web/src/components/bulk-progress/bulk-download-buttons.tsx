import { Button, Flex } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { BULK_FILE_LABELS } from '../../libs/download-file';
import type { BulkFileKind } from '../../libs/download-file';
import { DownloadIcon } from '../ui/icons';
import { useBulkDownloads } from './use-bulk-downloads';

interface BulkDownloadButtonsProps {
  batchId: string;
  files: readonly BulkFileKind[];
  size?: 'xs' | 'sm' | 'md';
  /** Full-width buttons in a column (narrow places) instead of a wrapping row. */
  stacked?: boolean;
  /** Short names (table cells); the full name stays in the tooltip and the toasts. */
  compact?: boolean;
}

/** Short names for dense places; each still holds its file type, so the accessible name matches what is seen. */
const SHORT_LABELS: Record<BulkFileKind, string> = { pdf: 'Labels PDF', zpl: 'Labels ZPL', 'result-csv': 'Results CSV', 'auto-csv': 'Amazon TSV' };

/** The batch's files (Labels PDF, Results CSV, Amazon confirmation TSV), each a button with its own progress. */
export const BulkDownloadButtons = ({ batchId, files, size = 'sm', stacked = false, compact = false }: BulkDownloadButtonsProps): ReactElement => {
  const downloads = useBulkDownloads();
  return (
    <Flex gap="2" wrap="wrap" direction={stacked ? 'column' : 'row'} align={stacked ? 'stretch' : 'center'}>
      {files.map((kind) => {
        const percent = downloads.progressOf(batchId, kind);
        return (
          <Button
            key={kind}
            size={size}
            variant="outline"
            colorPalette="gray"
            bg="bg"
            onClick={() => void downloads.start(batchId, kind)}
            loading={percent !== undefined}
            loadingText={`Downloading ${percent ?? 0}%`}
            data-testid={`download-${kind}`}
            title={`Download ${BULK_FILE_LABELS[kind]}`}
          >
            <DownloadIcon />
            {compact ? SHORT_LABELS[kind] : BULK_FILE_LABELS[kind]}
          </Button>
        );
      })}
    </Flex>
  );
};
