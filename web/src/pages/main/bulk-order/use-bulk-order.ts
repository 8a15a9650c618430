import type { PublicUser } from '@labeldesk/contracts';
import { useMemo, type RefObject } from 'react';
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
import { useBulkPricing, type BulkPricing } from './use-bulk-pricing';
import { useBulkRatePreview, type BulkRatePreview } from './use-bulk-rate-preview';
import { useBulkRowEdits } from './use-bulk-row-edits';
import type { RowToDelete } from './use-bulk-row-edits';
import { useBulkSheet } from './use-bulk-sheet';
import { loadState, useBulkSources } from './use-bulk-sources';
import { useBulkSubmit } from './use-bulk-submit';
import type { ValidationErrorsDialogProps } from './validation-errors-dialog';
import { useValidationList } from './use-validation-list';
import { useRateRule } from './use-rate-rule';

export type { RowToDelete } from './use-bulk-row-edits';

export interface BulkOrder {
  template: { onDownload: () => void; downloading: boolean };
  upload: UploadAreaProps & { problem: string | null };
  settings: BulkSettingsProps;
  items: BulkTableProps & { invalidCount: number; parseMs: number | null; onReset: () => void; onAcceptAllSuggestions: () => void; onFixAllZips: () => void; handle: RefObject<BulkTableHandle | null> };
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

/** The live total of the rows priced by their service and of those rated under a rate rule, and what the rule saves. */
const withRatedRows = (pricing: BulkPricing, rates: BulkRatePreview) => ({
  ...pricing,
  pricedCount: pricing.pricedCount + rates.ruledCount,
  totalCents: pricing.totalCents + rates.totalCents,
  pricing: pricing.pricing || rates.rating,
  savedCents: rates.choosingCount > 0 ? rates.savedCents : null,
  unratedCount: rates.problems,
});

/**
 * Everything the Bulk Order page knows and does: the user's services, addresses and presets, the rows of the loaded
 * file, the live total, and the submit. The page only lays out what this returns.
 */
export const useBulkOrder = (user: PublicUser): BulkOrder => {
  const sources = useBulkSources(user._id);
  const { services, addresses, skus } = sources;
  const template = useTemplateDownload();
  const { rateRule, ...ruleChoice } = useRateRule();
  // Rows are checked and priced under the batch's rate rule: a row it applies to is rated, not priced by its service.
  const context = useMemo(() => ({ ...sources.context, rateRule }), [sources.context, rateRule]);
  const table = useBulkSheet(user._id, context, skus.data ?? []);
  const { rows, rowsToBuy, shipped } = table;
  const pricing = useBulkPricing(user._id, rowsToBuy, context);
  const rates = useBulkRatePreview(user._id, rowsToBuy, context);
  const choices = useBulkChoices(addresses.data, table.applyService);
  const { validation, open: openValidation, tableRef } = useValidationList();
  const edits = useBulkRowEdits(rows, table);

  const submission = useBulkSubmit({
    userId: user._id,
    rows,
    context,
    options: { labelFormat: choices.labelFormat, sortBySku: choices.sortBySku, ...(rateRule.kind === 'service' ? {} : { rateRule }) },
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
      ...ruleChoice,
      services: sources.serviceList,
      servicesState: loadState(services),
      rowCount: rows.length,
      addresses: addresses.data ?? [],
      addressesState: loadState(addresses),
      disabled: busy,
    },
    items: {
      ...rowEdits, rows, invalidCount: table.invalidCount, parseMs: file.parseMs, serviceNames: sources.serviceNames, onReset: reset, readOnly: busy, handle: tableRef,
      shipped, onBuyAnother: table.setBuyAnother, rateChoices: rates.choices,
    },
    footer: {
      rowCount: rows.length,
      invalidCount: table.invalidCount,
      leftOutCount: rows.length - rowsToBuy.length,
      ...withRatedRows(pricing, rates),
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
