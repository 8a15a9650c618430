import type { BulkTemplateColumn, LabelFormat, PublicUser } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { notify } from '../../../components/ui/toaster';
import { downloadErrorMessage } from '../../../libs/download-file';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { addressKeys } from '../../../services/addresses/keys';
import { listAddresses, useAddresses } from '../../../services/addresses/list-addresses';
import { useBalance } from '../../../services/auth/get-balance';
import { useBulkLimits } from '../../../services/bulk-orders/bulk-limits';
import { refreshSession } from '../../../services/auth/refresh-session';
import { INIT_BULK_FAILED, initBulkOrder } from '../../../services/bulk-orders/init-bulk-order';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { PROCESS_BULK_FAILED, processBulkOrder } from '../../../services/bulk-orders/process-bulk-order';
import { useDownloadBulkTemplate } from '../../../services/bulk-orders/template';
import { skuKeys } from '../../../services/skus/keys';
import { listSkus, useSkus } from '../../../services/skus/list-skus';
import { useAvailableServices } from '../../../services/user-services/available-services';
import { useBulkProgressStore } from '../../../stores/bulk-progress.store';
import type { BulkFooterProps } from './bulk-footer';
import { checkBeforeSubmit, uploadErrorsMessage } from './bulk-rows';
import type { BulkRow, ValidationContext } from './bulk-rows';
import type { BulkSettingsProps, LoadState } from './bulk-settings';
import type { BulkTableHandle, BulkTableProps } from './bulk-table';
import { notifyOnce } from './bulk-toasts';
import { fileFailureMessage, fileFailureTitle, readBulkFile } from './read-bulk-file';
import type { UploadAreaProps } from './upload-area';
import type { CsvMappingPanelProps } from './csv-mapping-panel';
import type { MappingDefaults } from './foreign-csv';
import { useCsvMapping } from './use-csv-mapping';
import type { LoadedRow } from './use-bulk-rows';
import { suggestionPatch } from './bulk-address-suggestions';
import { useBulkAddressSuggestions } from './use-bulk-address-suggestions';
import { useBulkPricing } from './use-bulk-pricing';
import { useBulkRows } from './use-bulk-rows';
import { isLeftOut, useShippedOrders } from './use-shipped-orders';
import type { InvalidRow, ValidationErrorsDialogProps } from './validation-errors-dialog';

/** A row waiting for the user's yes before it is removed. */
export interface RowToDelete {
  row: BulkRow;
  /** 0-based position in the table. */
  index: number;
}

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

interface PendingSubmit {
  orderId: string;
  body: string;
}

const loadState = (query: { isPending: boolean; isError: boolean }): LoadState => (query.isPending ? 'loading' : query.isError ? 'error' : 'ready');

/**
 * Everything the Bulk Order page knows and does: the user's services, addresses and presets, the rows of the loaded
 * file, the live total, and the submit. The page only lays out what this returns.
 */
export const useBulkOrder = (user: PublicUser): BulkOrder => {
  const queryClient = useQueryClient();
  const services = useAvailableServices(user._id);
  const addresses = useAddresses(user._id);
  const skus = useSkus(user._id);
  const balance = useBalance();
  const limits = useBulkLimits();
  const template = useDownloadBulkTemplate();

  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const context: ValidationContext = useMemo(
    () => ({ services: services.data ? new Map(services.data.map((service) => [service.name, service.maxWeight])) : null }),
    [services.data],
  );
  const serviceNames = useMemo(() => serviceList.map((service) => service.name), [serviceList]);
  const table = useBulkRows(context, skus.data ?? []);
  const { rows } = table;
  const shippedOrders = useShippedOrders(user._id);
  const { shipped } = shippedOrders;
  // The total is what will be held: rows the server will leave out (already shipped) are not priced.
  const rowsToBuy = useMemo(() => (shipped.size === 0 ? rows : rows.filter((row) => !isLeftOut(shipped, row))), [rows, shipped]);

  const [serviceName, setServiceName] = useState('');
  const [pickedSenderId, setSenderId] = useState('');
  const [labelFormat, setLabelFormat] = useState<LabelFormat>('4x6');
  const [sortBySku, setSortBySku] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [parseMs, setParseMs] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<RowToDelete | null>(null);
  const [invalidList, setInvalidList] = useState<InvalidRow[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const tableRef = useRef<BulkTableHandle>(null);
  const inFlight = useRef(false);
  /** The draft batch of the last attempt: sent again unchanged, the same id is reused (the server answers once). */
  const pending = useRef<PendingSubmit | null>(null);

  // Spec 9: the first saved address is the sender unless the user picks another.
  const senderId = addresses.data?.some((address) => address._id === pickedSenderId) ? pickedSenderId : (addresses.data?.[0]?._id ?? '');

  useEffect(() => {
    if (services.isError) notify.error('Error loading services');
  }, [services.isError]);
  useEffect(() => {
    if (addresses.isError || skus.isError) notify.error('Error loading initial data');
  }, [addresses.isError, skus.isError]);
  const pricing = useBulkPricing(user._id, rowsToBuy, context);

  /** The table takes a file's rows: the toast says how they read, and the rows are what to look at next. */
  const showRows = (loaded: LoadedRow[], name: string, note: string | undefined, started: number) => {
    const next = table.load(loaded, serviceName);
    shippedOrders.lookUp(next.map((row) => row.values.orderId));
    requestAnimationFrame(() => document.getElementById('bulk-items-heading')?.scrollIntoView({ block: 'start' }));
    setFileName(name);
    pending.current = null;
    const invalid = next.reduce((count, row) => count + (row.errors ? 1 : 0), 0);
    setParseMs(Math.round(performance.now() - started));
    if (invalid > 0) notify.error(uploadErrorsMessage(invalid), note ? { description: note } : {});
    else notify.success('File Uploaded successfully.', note ? { description: note } : {});
  };

  const senderAddress = addresses.data?.find((address) => address._id === senderId);
  const mappingDefaults: MappingDefaults = useMemo(() => ({ sender: senderAddress, skus: skus.data ?? [], serviceName }), [senderAddress, skus.data, serviceName]);
  const csvMapping = useCsvMapping(mappingDefaults, (loaded, name) => showRows(loaded, name, undefined, performance.now()));

  const onFile = async (file: File) => {
    if (reading || submitting) return;
    setFileProblem(null);
    setSubmitError(null);
    const started = performance.now();
    setReading(true);
    try {
      const result = await readBulkFile(file, {
        serviceName,
        senderId,
        limits,
        amazonContext: async () => {
          const [savedAddresses, presets] = await Promise.all([
            queryClient.ensureQueryData({ queryKey: addressKeys.list(user._id), queryFn: ({ signal }) => listAddresses(user._id, signal) }),
            queryClient.ensureQueryData({ queryKey: skuKeys.list(user._id), queryFn: ({ signal }) => listSkus(user._id, signal) }),
          ]);
          return { addresses: savedAddresses, skus: presets };
        },
      });
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

  const reset = () => {
    table.clear();
    shippedOrders.clear();
    csvMapping.clear();
    setFileName(null);
    setFileProblem(null);
    setSubmitError(null);
    setParseMs(null);
    pending.current = null;
    notify.success('File reset successfully.');
  };

  const onServiceChange = (name: string) => {
    setServiceName(name);
    if (name !== '') table.applyService(name, 'missing');
  };

  const onApplyToAll = () => {
    const changed = table.applyService(serviceName, 'all');
    if (changed > 0) notifyOnce('bulk-row-updated', 'success', 'Row updated successfully!', `${changed.toLocaleString('en-US')} row(s) now use ${serviceName}.`);
  };

  const { updateCell, patchRows } = table;
  const { suggestions, addressWarnings } = useBulkAddressSuggestions(rows);
  const onAcceptSuggestion = useCallback(
    (rowId: number) => {
      const suggestion = suggestions.get(rowId);
      if (suggestion) patchRows(new Map([[rowId, suggestionPatch(suggestion)]]));
    },
    [suggestions, patchRows],
  );
  const onAcceptAllSuggestions = useCallback(() => {
    patchRows(new Map([...suggestions].map(([rowId, suggestion]) => [rowId, suggestionPatch(suggestion)])));
    notifyOnce('bulk-suggestions-accepted', 'success', `${suggestions.size} row(s) updated to the carrier's addresses`);
  }, [suggestions, patchRows]);
  const onCommit = useCallback(
    (rowId: number, key: BulkTemplateColumn, value: string) => {
      updateCell(rowId, key, value);
      notifyOnce('bulk-row-updated', 'success', 'Row updated successfully!');
    },
    [updateCell],
  );

  const onDelete = useCallback((row: BulkRow, index: number) => setToDelete({ row, index }), []);

  const confirmDelete = () => {
    if (!toDelete) return;
    table.deleteRow(toDelete.row.id);
    setToDelete(null);
    notifyOnce('bulk-row-deleted', 'success', 'Row deleted successfully!');
  };

  const submit = async () => {
    if (inFlight.current || rows.length === 0) return;
    setSubmitError(null);

    // Spec 5: with any error the modal lists the rows and nothing is sent.
    const { orderData, invalid } = checkBeforeSubmit(rows, context);
    if (invalid.length > 0) {
      setInvalidList(invalid);
      return;
    }

    const options = { labelFormat, sortBySku };
    const body = JSON.stringify({ orderData, options });
    const sentIds = rows.map((row) => row.id);
    inFlight.current = true;
    setSubmitting(true);
    try {
      let orderId = pending.current?.body === body ? pending.current.orderId : null;
      if (!orderId) {
        try {
          orderId = await initBulkOrder(user._id);
        } catch (error) {
          const message = errorMessage(error, INIT_BULK_FAILED);
          setSubmitError(message);
          notify.error(INIT_BULK_FAILED, message === INIT_BULK_FAILED ? {} : { description: message });
          return;
        }
        pending.current = { orderId, body };
      }
      try {
        const result = await processBulkOrder({ userId: user._id, orderId, orderData, options });
        pending.current = null;
        useBulkProgressStore.getState().initialize({ orderId: result.orderId, totalCount: result.totalCount, alreadyShippedCount: result.alreadyShippedCount ?? 0 });
        table.clear();
        shippedOrders.clear();
        csvMapping.clear();
        setFileName(null);
        setParseMs(null);
        void refreshSession(queryClient);
        void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
      } catch (error) {
        // A refusal (400/402/413) stored nothing: the draft id may be sent again once the rows are fixed.
        // A 400 naming rows (orderData.N.field): the cells are marked and listed as if checked here.
        if (isApiError(error) && error.issues && error.issues.length > 0) {
          const marked = table.markServerIssues(sentIds, error.issues);
          if (marked.length > 0) setInvalidList(marked);
        }
        const message = errorMessage(error, PROCESS_BULK_FAILED);
        setSubmitError(message);
        notify.error(message === PROCESS_BULK_FAILED ? PROCESS_BULK_FAILED : message);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const showRow = (index: number) => {
    setInvalidList(null);
    // After the dialog has let go of the focus.
    setTimeout(() => tableRef.current?.scrollToRow(index), 50);
  };

  const busy = reading || submitting;

  return {
    template: {
      onDownload: () => template.mutate(undefined, { onError: (error) => notify.error(downloadErrorMessage(error)) }),
      downloading: template.isPending,
    },
    upload: { onFile: (file) => void onFile(file), busy: reading, disabled: submitting, fileName, limits, problem: fileProblem },
    settings: {
      services: serviceList,
      servicesState: loadState(services),
      serviceName,
      onServiceChange,
      onApplyToAll,
      rowCount: rows.length,
      addresses: addresses.data ?? [],
      addressesState: loadState(addresses),
      senderId,
      onSenderChange: setSenderId,
      labelFormat,
      onLabelFormatChange: setLabelFormat,
      sortBySku,
      onSortBySkuChange: setSortBySku,
      disabled: busy,
    },
    items: {
      rows, invalidCount: table.invalidCount, parseMs, serviceNames, onCommit, onDelete, onReset: reset, readOnly: busy, handle: tableRef, suggestions, addressWarnings, onAcceptSuggestion, onAcceptAllSuggestions,
      shipped, onBuyAnother: table.setBuyAnother,
    },
    footer: {
      rowCount: rows.length,
      invalidCount: table.invalidCount,
      leftOutCount: rows.length - rowsToBuy.length,
      ...pricing,
      balanceCents: balance.data ?? user.balance,
      submitting,
      error: submitError,
      onSubmit: () => void submit(),
    },
    deletion: { target: toDelete, onConfirm: confirmDelete, onCancel: () => setToDelete(null) },
    validation: { invalid: invalidList, onClose: () => setInvalidList(null), onShowRow: showRow },
    mapping: { step: csvMapping.step, note: csvMapping.note },
  };
};
