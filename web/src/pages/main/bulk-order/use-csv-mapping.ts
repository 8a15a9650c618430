import { guessHeaderMapping } from '@labeldesk/contracts';
import type { BulkTemplateColumn, CsvColumnMapping } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { getCsvMapping, saveCsvMapping } from '../../../services/csv-mappings/csv-mapping';
import { mapForeignRows, mappingFits, missingRequired } from './foreign-csv';
import type { ForeignCsv, MappingDefaults } from './foreign-csv';
import type { LoadedRow } from './use-bulk-rows';

/** Rows the guess looks at: enough to tell a ZIP column from a phone column. */
const SAMPLE_ROWS = 20;
/** Rows the step previews as they would map. */
const PREVIEW_ROWS = 3;

interface Session {
  file: ForeignCsv;
  fileName: string;
  mapping: CsvColumnMapping;
  /** The mapping came from the user's last time, not from the guess. */
  saved: boolean;
}

export interface CsvMappingStep {
  fileName: string;
  header: readonly string[];
  mapping: CsvColumnMapping;
  saved: boolean;
  preview: LoadedRow[];
  missing: BulkTemplateColumn[];
  defaults: MappingDefaults;
  saving: boolean;
  onChange: (key: BulkTemplateColumn, columns: string[] | null) => void;
  onContinue: () => void;
  onCancel: () => void;
}

export interface CsvMappingNote {
  fileName: string;
  /** Mapped with the saved mapping, without the step ('Columns mapped as last time'). */
  auto: boolean;
  onChangeMapping: () => void;
}

export interface CsvMapping {
  /** Maps a file with the user's saved mapping, or opens the step with the saved mapping or the guess. */
  start: (file: ForeignCsv, fileName: string) => Promise<void>;
  step: CsvMappingStep | null;
  note: CsvMappingNote | null;
  clear: () => void;
}

/**
 * The mapping step of a CSV that is not the Bulk Template (issue 24): the mapping is fetched by the header's
 * signature and, when one is saved, applied without asking; otherwise the user checks the guess, and Continue
 * saves it for next time and hands the rows to the table.
 */
export const useCsvMapping = (defaults: MappingDefaults, onRows: (rows: LoadedRow[], fileName: string) => void): CsvMapping => {
  const [open, setOpen] = useState<Session | null>(null);
  const [applied, setApplied] = useState<{ session: Session; auto: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const start = async (file: ForeignCsv, fileName: string): Promise<void> => {
    setApplied(null);
    let saved: CsvColumnMapping | null = null;
    try {
      saved = (await getCsvMapping(file.signature)).mapping;
    } catch {
      // Without the saved mapping the guess is shown: the user can still map the file and go on.
      saved = null;
    }
    if (saved && Object.keys(saved).length > 0 && mappingFits(saved, file.header)) {
      const session: Session = { file, fileName, mapping: saved, saved: true };
      onRows(mapForeignRows(file, saved, defaults), fileName);
      setOpen(null);
      setApplied({ session, auto: true });
      return;
    }
    const guess = guessHeaderMapping(file.header, file.rows.slice(0, SAMPLE_ROWS));
    setOpen({ file, fileName, mapping: guess.mapping, saved: false });
  };

  const onContinue = async (): Promise<void> => {
    if (!open || saving) return;
    setSaving(true);
    try {
      await saveCsvMapping(open.file.signature, open.mapping);
    } catch (error) {
      notify.error('The column mapping could not be saved', { description: `${errorMessage(error, 'Try again later.')} The rows are loaded; you will map this file again next time.` });
    } finally {
      setSaving(false);
    }
    onRows(mapForeignRows(open.file, open.mapping, defaults), open.fileName);
    setApplied({ session: open, auto: false });
    setOpen(null);
  };

  const onChange = (key: BulkTemplateColumn, columns: string[] | null): void => {
    setOpen((current) => {
      if (!current) return current;
      const mapping = { ...current.mapping };
      if (columns && columns.length > 0) mapping[key] = columns;
      else delete mapping[key];
      return { ...current, mapping };
    });
  };

  const converted = useMemo(() => (open ? mapForeignRows(open.file, open.mapping, defaults) : []), [open, defaults]);
  const missing = useMemo(() => (open ? missingRequired(converted, open.mapping, defaults) : []), [open, converted, defaults]);

  const step: CsvMappingStep | null = open
    ? {
        fileName: open.fileName,
        header: open.file.header,
        mapping: open.mapping,
        saved: open.saved,
        preview: converted.slice(0, PREVIEW_ROWS),
        missing,
        defaults,
        saving,
        onChange,
        onContinue: () => void onContinue(),
        onCancel: () => setOpen(null),
      }
    : null;

  const note: CsvMappingNote | null =
    applied && !open
      ? {
          fileName: applied.session.fileName,
          auto: applied.auto,
          onChangeMapping: () => setOpen({ ...applied.session, saved: true }),
        }
      : null;

  return {
    start,
    step,
    note,
    clear: () => {
      setOpen(null);
      setApplied(null);
    },
  };
};
