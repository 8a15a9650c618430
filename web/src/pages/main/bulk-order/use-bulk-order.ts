import type { PublicUser } from '@labeldesk/contracts';
import type { RefObject } from 'react';
import { notify } from '../../../components/ui/toaster';
import { downloadErrorMessage } from '../../../libs/download-file';
import { useDownloadBulkTemplate } from '../../../services/bulk-orders/template';
import type { BulkFooterProps } from './bulk-footer';
import type { BulkSettingsProps } from './bulk-settings';
import type { BulkTableHandle, BulkTableProps } from './bulk-table';
import type { UploadAreaProps } from './upload-area';
import type { CsvMappingPanelProps } from './csv-mapping-panel';
import { useBulkChoices } from './use-bulk-choices';
import { useBulkFile } from './use-bulk-file';
import { useBulkPricing } from './use-bulk-pricing';
import { useBulkRowEdits } from './use-bulk-row-edits';
import type { RowToDelete } from './use-bulk-row-edits';
import { useBulkSheet } from './use-bulk-sheet';
import { loadState, useBulkSources } from './use-bulk-sources';
import { useBulkSubmit } from './use-bulk-submit';
import type { ValidationErrorsDialogProps } from './validation-errors-dialog';
import { useValidationList } from './use-validation-list';

export type { RowToDelete } from './use-bulk-row-edits';

export interface BulkOrder {
  template: { onDownload: () => void; downloading: boolean };
  upload: UploadAreaProps & { problem: string | null };
  settings: BulkSettingsProps;
  items: BulkTableProps & { invalidCount: number; parseMs: number | null; onReset: () => void; onAcceptAllSuggestions: () => void; handle: RefObject<BulkTableHandle | null> };
  footer: BulkFooterProps;
  deletion: { target: RowToDelete | null; onConfirm: () => void; onCancel: () => void };
  validation: ValidationErrorsDialogProps;
  mapping: CsvMappingPanelProps;
}

/** The Bulk Template download button: a failed download says why. */
const useTemplateDownload = (): BulkOrder['template'] => {
  const template = useDownloadBulkTemplate();
  return {
    onDownload: () => template.mutate(undefined, { onError: (error) => notify.error(downloadErrorMessage(error)) }),
    downloading: template.isPending,
  };
};

/**
 * Everything the Bulk Order page knows and does: the user's services, addresses and presets, the rows of the loaded
 * file, the live total, and the submit. The page only lays out what this returns.
 */
export const useBulkOrder = (user: PublicUser): BulkOrder => {
  const sources = useBulkSources(user._id);
  const { services, addresses, skus, context } = sources;
  const template = useTemplateDownload();
  const table = useBulkSheet(user._id, context, skus.data ?? []);
  const { rows, rowsToBuy, shipped } = table;
  const pricing = useBulkPricing(user._id, rowsToBuy, context);
  const choices = useBulkChoices(addresses.data, table.applyService);
  const { validation, open: openValidation, tableRef } = useValidationList();
  const edits = useBulkRowEdits(rows, table);

  const submission = useBulkSubmit({
    userId: user._id,
    rows,
    context,
    options: { labelFormat: choices.labelFormat, sortBySku: choices.sortBySku },
    markServerIssues: table.markServerIssues,
    onInvalid: openValidation,
    onSubmitted: () => file.clear({ problemToo: false }),
  });
  const file = useBulkFile({
    userId: user._id,
    serviceName: choices.serviceName,
    senderId: choices.senderId,
    sender: addresses.data?.find((address) => address._id === choices.senderId),
    skus: skus.data ?? [],
    limits: sources.limits,
    blocked: submission.submitting,
    loadRows: table.load,
    lookUpShipped: table.lookUpShipped,
    clearRows: table.clearRows,
    onReadStart: submission.clearError,
    onRowsShown: submission.forgetDraft,
  });

  const reset = () => {
    file.clear({ problemToo: true });
    submission.clearError();
    submission.forgetDraft();
    notify.success('File reset successfully.');
  };

  const busy = file.reading || submission.submitting;
  const { deletion, ...rowEdits } = edits;

  return {
    template,
    upload: file.upload,
    settings: {
      ...choices,
      services: sources.serviceList,
      servicesState: loadState(services),
      rowCount: rows.length,
      addresses: addresses.data ?? [],
      addressesState: loadState(addresses),
      disabled: busy,
    },
    items: {
      ...rowEdits, rows, invalidCount: table.invalidCount, parseMs: file.parseMs, serviceNames: sources.serviceNames, onReset: reset, readOnly: busy, handle: tableRef,
      shipped, onBuyAnother: table.setBuyAnother,
    },
    footer: {
      rowCount: rows.length,
      invalidCount: table.invalidCount,
      leftOutCount: rows.length - rowsToBuy.length,
      ...pricing,
      balanceCents: sources.balance.data ?? user.balance,
      submitting: submission.submitting,
      error: submission.submitError,
      onSubmit: () => void submission.submit(),
    },
    deletion,
    validation,
    mapping: file.mapping,
  };
};
