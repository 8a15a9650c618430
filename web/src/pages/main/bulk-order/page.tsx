import { Badge, Button, Card, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { AvailableService, BulkOrderItem, BulkTemplateColumn, LabelFormat, PriceQuoteShipment, PublicUser } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DownloadIcon, FileIcon, UndoIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { TableEmpty } from '../../../components/ui/table-states';
import { notify, toaster, TOAST_DURATION_MS } from '../../../components/ui/toaster';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { downloadErrorMessage } from '../../../libs/download-file';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { addressKeys } from '../../../services/addresses/keys';
import { listAddresses, useAddresses } from '../../../services/addresses/list-addresses';
import { useBalance } from '../../../services/auth/get-balance';
import { refreshSession } from '../../../services/auth/refresh-session';
import { PRICE_FAILED, shipmentsSignature, useBulkPrice } from '../../../services/bulk-orders/bulk-price';
import { INIT_BULK_FAILED, initBulkOrder } from '../../../services/bulk-orders/init-bulk-order';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { PROCESS_BULK_FAILED, processBulkOrder } from '../../../services/bulk-orders/process-bulk-order';
import { useDownloadBulkTemplate } from '../../../services/bulk-orders/template';
import { skuKeys } from '../../../services/skus/keys';
import { listSkus, useSkus } from '../../../services/skus/list-skus';
import { useAvailableServices } from '../../../services/user-services/available-services';
import { useAuthStore } from '../../../stores/auth.store';
import { useBulkProgressStore } from '../../../stores/bulk-progress.store';
import { parseAmazonTxt } from './amazon-parser';
import { BulkFileError, checkBulkFile, decodeText } from './bulk-file';
import { BulkFooter } from './bulk-footer';
import { checkRow, pricedShipment, uploadErrorsMessage } from './bulk-rows';
import type { BulkRow, ValidationContext } from './bulk-rows';
import { BulkSettings } from './bulk-settings';
import { BulkTable } from './bulk-table';
import type { BulkTableHandle } from './bulk-table';
import { parseBulkCsv } from './csv-parser';
import { UploadArea } from './upload-area';
import { useBulkRows } from './use-bulk-rows';
import type { LoadedRow } from './use-bulk-rows';
import { ValidationErrorsDialog } from './validation-errors-dialog';
import type { InvalidRow } from './validation-errors-dialog';

/** How long edits must pause before the total is asked for again. */
const PRICE_DEBOUNCE_MS = 600;

const loadState = (query: { isPending: boolean; isError: boolean }): 'loading' | 'error' | 'ready' =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'ready';

/** Lets the browser paint (the spinner) before a long synchronous parse. */
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** One toast per kind that replaces itself, so fixing twenty cells does not stack twenty toasts. */
const notifyOnce = (id: string, type: 'success' | 'error', title: string, description?: string): void => {
  toaster.create({ id, type, title, closable: true, duration: TOAST_DURATION_MS, ...(description ? { description } : {}) });
};

const fileFailureTitle = (error: unknown): string => {
  if (error instanceof BulkFileError) {
    if (error.kind === 'parse') return 'Error parsing file';
    if (error.kind === 'address') return error.message;
  }
  return 'File processing failed';
};

interface PendingSubmit {
  orderId: string;
  body: string;
}

const BulkOrderScreen = ({ user }: { user: PublicUser }): ReactElement => {
  const queryClient = useQueryClient();
  const services = useAvailableServices(user._id);
  const addresses = useAddresses(user._id);
  const skus = useSkus(user._id);
  const balance = useBalance();
  const template = useDownloadBulkTemplate();

  const serviceList: readonly AvailableService[] = useMemo(() => services.data ?? [], [services.data]);
  const context: ValidationContext = useMemo(
    () => ({ services: services.data ? new Map(services.data.map((service) => [service.name, service.maxWeight])) : null }),
    [services.data],
  );
  const serviceNames = useMemo(() => serviceList.map((service) => service.name), [serviceList]);
  const table = useBulkRows(context, skus.data ?? []);
  const { rows } = table;

  const [serviceName, setServiceName] = useState('');
  const [pickedSenderId, setSenderId] = useState('');
  const [labelFormat, setLabelFormat] = useState<LabelFormat>('4x6');
  const [sortBySku, setSortBySku] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [parseMs, setParseMs] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<{ row: BulkRow; index: number } | null>(null);
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

  // The live total: one call for every row that has a service and a weight, once edits pause.
  const shipments = useMemo(() => rows.map((row) => pricedShipment(row.values, context)).filter((item): item is PriceQuoteShipment => item !== null), [rows, context]);
  const signature = useMemo(() => shipmentsSignature(shipments), [shipments]);
  const pricedShipments = useDebouncedValue(shipments, PRICE_DEBOUNCE_MS);
  const pricedSignature = useDebouncedValue(signature, PRICE_DEBOUNCE_MS);
  const price = useBulkPrice(user._id, pricedShipments);
  // Waiting for edits to pause counts as pricing: the total on screen is not the one for these rows yet.
  const pricing = shipments.length > 0 && (signature !== pricedSignature || price.isFetching);
  const priceFailure = pricedShipments.length > 0 ? (price.data?.failure ?? null) : null;
  const totalCents = pricedShipments.length > 0 && !priceFailure ? (price.data?.cents ?? 0) : 0;
  useEffect(() => {
    if (priceFailure) notifyOnce('bulk-price', 'error', PRICE_FAILED, priceFailure);
  }, [priceFailure]);
  const balanceCents = balance.data ?? user.balance;

  const onFile = async (file: File) => {
    if (reading || submitting) return;
    setFileProblem(null);
    setSubmitError(null);
    const started = performance.now();
    setReading(true);
    try {
      const kind = checkBulkFile(file);
      const bytes = new Uint8Array(await file.arrayBuffer());
      await nextFrame();
      let loaded: LoadedRow[];
      let note: string | undefined;
      if (kind === 'csv') {
        loaded = parseBulkCsv(decodeText(bytes)).map((values) => ({ values }));
      } else {
        // Presets and addresses must be current: a SKU saved a minute ago is in the file already.
        const [savedAddresses, presets] = await Promise.all([
          queryClient.ensureQueryData({ queryKey: addressKeys.list(user._id), queryFn: ({ signal }) => listAddresses(user._id, signal) }),
          queryClient.ensureQueryData({ queryKey: skuKeys.list(user._id), queryFn: ({ signal }) => listSkus(user._id, signal) }),
        ]);
        const sender = savedAddresses.find((address) => address._id === senderId) ?? savedAddresses[0];
        const result = parseAmazonTxt(decodeText(bytes), { sender, skus: presets, serviceName });
        loaded = result.rows;
        const notes = [
          result.missingPresets.length > 0 ? `No SKU preset for ${result.missingPresets.slice(0, 5).join(', ')}${result.missingPresets.length > 5 ? '…' : ''}: those rows are flagged.` : '',
          result.skipped > 0 ? `${result.skipped} line(s) with nothing left to ship were skipped.` : '',
        ].filter((text) => text !== '');
        note = notes.length > 0 ? notes.join(' ') : undefined;
      }
      const next = table.load(loaded, serviceName);
      // The rows are what to look at next.
      requestAnimationFrame(() => document.getElementById('bulk-items-heading')?.scrollIntoView({ block: 'start' }));
      setFileName(file.name);
      pending.current = null;
      const invalid = next.reduce((count, row) => count + (row.errors ? 1 : 0), 0);
      setParseMs(Math.round(performance.now() - started));
      if (invalid > 0) notify.error(uploadErrorsMessage(invalid), note ? { description: note } : {});
      else notify.success('File Uploaded successfully.', note ? { description: note } : {});
    } catch (error) {
      const message = error instanceof BulkFileError ? error.message : 'The file could not be read. Check that it is a .csv or an Amazon .txt report, then try again.';
      setFileProblem(message);
      const title = fileFailureTitle(error);
      notify.error(title, title === message ? {} : { description: message });
    } finally {
      setReading(false);
    }
  };

  const reset = () => {
    table.clear();
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

  const { updateCell } = table;
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

    // Spec 5: every row is checked again; with any error the modal lists them and nothing is sent.
    const orderData: BulkOrderItem[] = [];
    const invalid: InvalidRow[] = [];
    rows.forEach((row, index) => {
      const check = checkRow(row.values, context, row.missingPreset);
      const errors = check.errors ?? row.errors;
      if (errors) invalid.push({ index, errors });
      else if (check.item) orderData.push(check.item);
    });
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
        useBulkProgressStore.getState().initialize({ orderId: result.orderId, totalCount: result.totalCount });
        table.clear();
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

  const downloadTemplate = () => template.mutate(undefined, { onError: (error) => notify.error(downloadErrorMessage(error)) });

  const busy = reading || submitting;

  return (
    <>
      <PageHeader
        title="Bulk Order"
        description="Buy many USPS labels at once from an Amazon unshipped-orders file or a CSV made from the template."
        actions={
          <Button size="sm" variant="outline" colorPalette="gray" onClick={downloadTemplate} loading={template.isPending} loadingText="Downloading">
            <DownloadIcon />
            Bulk Template CSV
          </Button>
        }
      />
      <Stack gap="4">
        <Card.Root variant="outline" size="sm">
          <Card.Body>
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap={{ base: '4', lg: '6' }} alignItems="stretch">
              <Stack gap="3">
                <UploadArea onFile={(file) => void onFile(file)} busy={reading} disabled={submitting} fileName={fileName} />
                {fileProblem && (
                  <Text role="alert" textStyle="sm" color="fg.error" data-testid="bulk-file-problem">
                    {fileProblem}
                  </Text>
                )}
              </Stack>
              <BulkSettings
                services={serviceList}
                servicesState={loadState(services)}
                serviceName={serviceName}
                onServiceChange={onServiceChange}
                onApplyToAll={() => {
                  const changed = table.applyService(serviceName, 'all');
                  if (changed > 0) notifyOnce('bulk-row-updated', 'success', 'Row updated successfully!', `${changed.toLocaleString('en-US')} row(s) now use ${serviceName}.`);
                }}
                rowCount={rows.length}
                addresses={addresses.data ?? []}
                addressesState={loadState(addresses)}
                senderId={senderId}
                onSenderChange={setSenderId}
                labelFormat={labelFormat}
                onLabelFormatChange={setLabelFormat}
                sortBySku={sortBySku}
                onSortBySkuChange={setSortBySku}
                disabled={busy}
              />
            </Grid>
          </Card.Body>
        </Card.Root>

        <Stack as="section" aria-labelledby="bulk-items-heading" gap="2">
          <Flex align="center" justify="space-between" gap="3" wrap="wrap">
            <Flex align="center" gap="2" minW="0">
              <Heading as="h2" size="md" id="bulk-items-heading" scrollMarginTop="20">
                Bulk Order Items
              </Heading>
              {rows.length > 0 && (
                <Badge colorPalette={table.invalidCount > 0 ? 'red' : 'gray'} variant="subtle" data-testid="bulk-items-badge" data-parse-ms={parseMs ?? undefined}>
                  {rows.length.toLocaleString('en-US')} rows{table.invalidCount > 0 ? ` · ${table.invalidCount.toLocaleString('en-US')} with errors` : ''}
                </Badge>
              )}
            </Flex>
            {rows.length > 0 && (
              <Button size="xs" variant="ghost" colorPalette="gray" onClick={reset} disabled={busy}>
                <UndoIcon />
                Reset
              </Button>
            )}
          </Flex>
          {rows.length > 0 ? (
            <>
              <Text textStyle="xs" color="fg.muted">
                Click a cell to edit it; Enter keeps the change, Escape undoes it. Cells in red need fixing before you submit.
              </Text>
              <BulkTable rows={rows} serviceNames={serviceNames} onCommit={onCommit} onDelete={onDelete} readOnly={busy} handle={tableRef} />
            </>
          ) : (
            <TableEmpty
              icon={<FileIcon />}
              title="No rows yet"
              description="Upload an Amazon unshipped-orders .txt file or a CSV made from the Bulk Template. Every row appears here to check and edit before you submit."
            />
          )}
        </Stack>

        <BulkFooter
          rowCount={rows.length}
          invalidCount={table.invalidCount}
          pricedCount={shipments.length}
          totalCents={totalCents}
          pricing={pricing}
          priceFailure={priceFailure}
          balanceCents={balanceCents}
          submitting={submitting}
          error={submitError}
          onSubmit={() => void submit()}
        />
      </Stack>

      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete this item?"
        confirmLabel="Delete"
        tone="danger"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `Row ${toDelete.index + 1}${toDelete.row.values.ToRecipientName ? ` (${toDelete.row.values.ToRecipientName})` : ''} will be removed from this order.` : null}
      </ConfirmDialog>
      <ValidationErrorsDialog invalid={invalidList} onClose={() => setInvalidList(null)} onShowRow={showRow} />
    </>
  );
};

export const BulkOrderPage = (): ReactElement | null => {
  useDocumentTitle('Bulk Order');
  const user = useAuthStore((state) => state.user);
  return user ? <BulkOrderScreen key={user._id} user={user} /> : null;
};
