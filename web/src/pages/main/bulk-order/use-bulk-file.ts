import type { BulkLimits, SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { addressKeys } from '../../../services/addresses/keys';
import { listAddresses } from '../../../services/addresses/list-addresses';
import { skuKeys } from '../../../services/skus/keys';
import { listSkus } from '../../../services/skus/list-skus';
import { uploadErrorsMessage } from './bulk-rows';
import type { BulkRow } from './bulk-rows';
import type { MappingDefaults } from './foreign-csv';
import { fileFailureMessage, fileFailureTitle, readBulkFile } from './read-bulk-file';
import type { LoadedRow } from './use-bulk-rows';
import { useCsvMapping } from './use-csv-mapping';
import type { UploadAreaProps } from './upload-area';

export interface BulkFileInput {
  userId: string;
  serviceName: string;
  senderId: string;
  /** The saved address picked as sender, the default From of mapped CSV rows. */
  sender: SavedAddress | undefined;
  skus: readonly SkuRecord[];
  limits: BulkLimits;
  /** No file is read while the batch is being submitted. */
  blocked: boolean;
  /** Puts a file's rows in the table (the page's service fills rows without one) and returns them. */
  loadRows: (rows: readonly LoadedRow[], serviceName: string) => BulkRow[];
  /** Asks which of the file's orders already have a label. */
  lookUpShipped: (orderIds: readonly string[]) => void;
  /** Empties the table and forgets the shipped orders. */
  clearRows: () => void;
  /** A file is being read: an earlier submit error no longer applies. */
  onReadStart: () => void;
  /** New rows are in the table: a draft of earlier rows must not be sent again. */
  onRowsShown: () => void;
}

/**
 * The file the user loads: read (a template CSV, an Amazon .txt, or another CSV mapped first), its rows put in the
 * table with one toast saying how they read, and what went wrong when it could not be used.
 */
export const useBulkFile = (input: BulkFileInput) => {
  const { userId, serviceName, senderId, sender, skus, limits, blocked, loadRows, lookUpShipped, clearRows, onReadStart, onRowsShown } = input;
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [parseMs, setParseMs] = useState<number | null>(null);

  /** The table takes a file's rows: the toast says how they read, and the rows are what to look at next. */
  const showRows = (loaded: LoadedRow[], name: string, note: string | undefined, started: number) => {
    const next = loadRows(loaded, serviceName);
    lookUpShipped(next.map((row) => row.values.orderId));
    requestAnimationFrame(() => document.getElementById('bulk-items-heading')?.scrollIntoView({ block: 'start' }));
    setFileName(name);
    onRowsShown();
    const invalid = next.reduce((count, row) => count + (row.errors ? 1 : 0), 0);
    setParseMs(Math.round(performance.now() - started));
    if (invalid > 0) notify.error(uploadErrorsMessage(invalid), note ? { description: note } : {});
    else notify.success('File Uploaded successfully.', note ? { description: note } : {});
  };

  const mappingDefaults: MappingDefaults = useMemo(() => ({ sender, skus, serviceName }), [sender, skus, serviceName]);
  const csvMapping = useCsvMapping(mappingDefaults, (loaded, name) => showRows(loaded, name, undefined, performance.now()));

  /** Saved addresses and presets as they are now: a SKU saved a minute ago is in the file already. */
  const amazonContext = async () => {
    const [savedAddresses, presets] = await Promise.all([
      queryClient.ensureQueryData({ queryKey: addressKeys.list(userId), queryFn: ({ signal }) => listAddresses(userId, signal) }),
      queryClient.ensureQueryData({ queryKey: skuKeys.list(userId), queryFn: ({ signal }) => listSkus(userId, signal) }),
    ]);
    return { addresses: savedAddresses, skus: presets };
  };

  const onFile = async (file: File) => {
    if (reading || blocked) return;
    setFileProblem(null);
    onReadStart();
    const started = performance.now();
    setReading(true);
    try {
      const result = await readBulkFile(file, { serviceName, senderId, limits, amazonContext });
      if (result.kind === 'foreign') {
        // Issue 24: another header is mapped first (automatically when the user saved a mapping for it).
        await csvMapping.start(result.file, file.name);
        return;
      }
      csvMapping.clear();
      showRows(result.rows, file.name, result.note, started);
    } catch (error) {
      const message = fileFailureMessage(error);
      setFileProblem(message);
      const title = fileFailureTitle(error);
      notify.error(title, title === message ? {} : { description: message });
    } finally {
      setReading(false);
    }
  };

  /** Lets go of the loaded file and its rows; a problem with a file that could not be read stays unless `problemToo`. */
  const clear = ({ problemToo }: { problemToo: boolean }) => {
    clearRows();
    csvMapping.clear();
    setFileName(null);
    if (problemToo) setFileProblem(null);
    setParseMs(null);
  };

  const upload: UploadAreaProps & { problem: string | null } = { onFile: (picked) => void onFile(picked), busy: reading, disabled: blocked, fileName, limits, problem: fileProblem };
  return { upload, reading, parseMs, mapping: { step: csvMapping.step, note: csvMapping.note }, clear };
};
