import { Alert, Box, Button, Dialog, Flex, HStack, IconButton, Portal, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { alreadyShippedLeftOutMessage } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { BULK_FILE_KINDS } from '../../libs/download-file';
import type { BulkFileKind } from '../../libs/download-file';
import { canCloseBulkProgress, hasAnyFile, isBulkDone, retryingCountFor, useBulkProgressStore } from '../../stores/bulk-progress.store';
import type { BulkProgressData } from '../../stores/bulk-progress.store';
import type { StatusTone } from '../../theme/system';
import { AlertIcon, BadgeCheckIcon, ClockIcon, CloseIcon, MaximizeIcon, MinimizeIcon, RefreshIcon } from '../ui/icons';
import { BulkDownloadButtons } from './bulk-download-buttons';
import { ShippingDayButtons } from './shipping-day-buttons';
import { formatElapsed, progressPercent, progressTitle, progressTone } from './progress-display';
import { useBulkProgressTracking, useRetryFromWidget } from './use-bulk-progress-tracking';

/** Spec 9: the expanded modal is 600 px wide. */
export const BULK_MODAL_WIDTH = '600px';

const FILE_FIELD: Record<BulkFileKind, 'pdfName' | 'zplName' | 'resultCSVName' | 'autoConfirmCSVName'> = {
  pdf: 'pdfName',
  zpl: 'zplName',
  'result-csv': 'resultCSVName',
  'auto-csv': 'autoConfirmCSVName',
};

/** What both views show, computed once from the store. */
const useView = () => {
  const state = useBulkProgressStore(
    useShallow((s): BulkProgressData => ({
      orderId: s.orderId,
      orderStatus: s.orderStatus,
      processedCount: s.processedCount,
      failedCount: s.failedCount,
      totalCount: s.totalCount,
      fileData: s.fileData,
      error: s.error,
      statusError: s.statusError,
      retryError: s.retryError,
      isRetrying: s.isRetrying,
      retryingCount: s.retryingCount,
      loading: s.loading,
      startTime: s.startTime,
      endTime: s.endTime,
      elapsedTime: s.elapsedTime,
      isVisible: s.isVisible,
      isMinimized: s.isMinimized,
      alreadyShippedCount: s.alreadyShippedCount,
    })),
  );
  const status = state.isRetrying ? 'retrying_failed' : state.orderStatus;
  const hasError = !!(state.error || state.statusError || state.retryError);
  const hasFiles = hasAnyFile(state.fileData);
  const done = !state.isRetrying && isBulkDone(state.orderStatus, state.fileData);
  const files = BULK_FILE_KINDS.filter((kind) => !!state.fileData?.[FILE_FIELD[kind]]);
  return {
    ...state,
    status,
    hasError,
    done,
    files,
    title: progressTitle({
      status,
      processedCount: state.processedCount,
      failedCount: state.failedCount,
      totalCount: state.totalCount,
      hasFiles,
      error: state.error,
      statusError: state.statusError,
      retryingCount: state.isRetrying ? retryingCountFor(state, state) : null,
    }),
    percent: progressPercent(state.processedCount, state.totalCount),
    tone: progressTone(status, hasError),
    elapsed: formatElapsed(state.elapsedTime),
    canClose: canCloseBulkProgress(state),
    canRetry: !state.isRetrying && state.orderStatus === 'completed_with_errors' && state.failedCount > 0,
  };
};
type View = ReturnType<typeof useView>;

const StatusGlyph = ({ view, size = '5' }: { view: View; size?: string }): ReactElement => {
  if (view.tone === 'failed') return <AlertIcon boxSize={size} color="status.failed.solid" aria-hidden="true" />;
  if (view.done && view.tone === 'completed') return <BadgeCheckIcon boxSize={size} color="status.completed.solid" aria-hidden="true" />;
  if (view.done) return <AlertIcon boxSize={size} color="status.pending.solid" aria-hidden="true" />;
  return <Spinner size="sm" color="status.processing.solid" borderWidth="2px" aria-hidden="true" />;
};

const ProgressBar = ({ percent, tone, size = 'md', label }: { percent: number; tone: StatusTone; size?: 'xs' | 'sm' | 'md'; label: string }): ReactElement => (
  <Progress.Root value={percent} size={size} aria-label={label} data-tone={tone} data-testid="bulk-progress-bar">
    <Progress.Track bg={tone === 'processing' ? 'bg.muted' : `status.${tone}.bg`} rounded="full">
      <Progress.Range bg={`status.${tone}.solid`} rounded="full" transition="width 0.3s ease" />
    </Progress.Track>
  </Progress.Root>
);

const Elapsed = ({ view }: { view: View }): ReactElement => (
  <HStack gap="1" color="fg.muted" textStyle="sm" fontVariantNumeric="tabular-nums" aria-label={`Elapsed time ${view.elapsed}`} title="Elapsed time">
    <ClockIcon aria-hidden="true" />
    <Text as="span" data-testid="bulk-elapsed">
      {view.elapsed}
    </Text>
  </HStack>
);

const Stat = ({ label, value, tone }: { label: string; value: number; tone?: StatusTone }): ReactElement => (
  <Box borderWidth="1px" rounded="md" px="3" py="2" bg={tone ? `status.${tone}.bg` : 'bg.subtle'} borderColor={tone ? `status.${tone}.border` : 'border'}>
    <Text textStyle="xs" color={tone ? `status.${tone}.fg` : 'fg.muted'}>
      {label}
    </Text>
    <Text textStyle="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone ? `status.${tone}.fg` : 'fg'}>
      {value.toLocaleString('en-US')}
    </Text>
  </Box>
);

const Problems = ({ view }: { view: View }): ReactElement | null => {
  const messages = [view.statusError, view.error, view.retryError].filter((message): message is string => !!message);
  if (messages.length === 0) return null;
  return (
    <Stack gap="2">
      {messages.map((message) => (
        <Alert.Root key={message} status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{message}</Alert.Description>
        </Alert.Root>
      ))}
    </Stack>
  );
};

const CloseWidgetButton = ({ view, onClose, size = 'sm' }: { view: View; onClose: () => void; size?: 'xs' | 'sm' }): ReactElement => (
  <IconButton
    aria-label="Close progress"
    title={view.canClose ? 'Close' : 'Available when the order has finished'}
    size={size}
    variant="ghost"
    colorPalette="gray"
    disabled={!view.canClose}
    onClick={onClose}
  >
    <CloseIcon />
  </IconButton>
);

const MinimizedCard = ({ view, onExpand, onClose }: { view: View; onExpand: () => void; onClose: () => void }): ReactElement => (
  <Box
    role="region"
    aria-label="Bulk order progress"
    data-testid="bulk-progress-card"
    data-status={view.status}
    position="fixed"
    insetEnd={{ base: '3', sm: '4' }}
    bottom={{ base: '3', sm: '4' }}
    insetStart={{ base: '3', sm: 'auto' }}
    w={{ sm: '340px' }}
    zIndex="banner"
    bg="bg.panel"
    borderWidth="1px"
    borderColor={view.tone === 'processing' ? 'border' : `status.${view.tone}.border`}
    rounded="lg"
    shadow="lg"
    p="3"
  >
    <Flex align="center" gap="2" mb="2">
      <StatusGlyph view={view} />
      <Text fontWeight="semibold" textStyle="sm" flex="1" minW="0" truncate aria-live="polite" data-testid="bulk-progress-title">
        {view.title}
      </Text>
      <IconButton aria-label="Expand progress" title="Expand" size="xs" variant="ghost" colorPalette="gray" onClick={onExpand}>
        <MaximizeIcon />
      </IconButton>
      <CloseWidgetButton view={view} onClose={onClose} size="xs" />
    </Flex>
    <ProgressBar percent={view.percent} tone={view.tone} size="sm" label={`${view.percent}% processed`} />
    <Flex justify="space-between" align="center" mt="2" gap="2" textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
      <Text as="span">
        {view.processedCount.toLocaleString('en-US')} / {view.totalCount.toLocaleString('en-US')} labels
        {view.failedCount > 0 && (
          <Text as="span" color="status.failed.fg">
            {' '}
            · {view.failedCount.toLocaleString('en-US')} failed
          </Text>
        )}
      </Text>
      <HStack gap="2">
        <Text as="span" fontWeight="medium" color="fg">
          {view.percent}%
        </Text>
        <Text as="span">{view.elapsed}</Text>
      </HStack>
    </Flex>
    {(view.done || view.hasError) && (
      <Button size="xs" variant="subtle" colorPalette={view.hasError ? 'red' : 'gray'} w="full" mt="2" onClick={onExpand}>
        {view.hasError ? 'View details' : 'View downloads'}
      </Button>
    )}
  </Box>
);

const ExpandedModal = ({ view, onMinimize, onClose, onRetry }: { view: View; onMinimize: () => void; onClose: () => void; onRetry: () => void }): ReactElement => (
  <Dialog.Root
    open
    placement="center"
    closeOnInteractOutside
    onOpenChange={(details) => {
      // Escape or a click outside never ends the tracking: it folds the panel into the corner card.
      if (!details.open) onMinimize();
    }}
  >
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content maxW={BULK_MODAL_WIDTH} w="full" data-testid="bulk-progress-modal" data-status={view.status}>
          <Dialog.Header alignItems="center" gap="3">
            <StatusGlyph view={view} size="6" />
            <Dialog.Title flex="1" minW="0" aria-live="polite" data-testid="bulk-progress-title">
              {view.title}
            </Dialog.Title>
            <HStack gap="1">
              <IconButton aria-label="Minimize progress" title="Minimize" size="sm" variant="ghost" colorPalette="gray" onClick={onMinimize}>
                <MinimizeIcon />
              </IconButton>
              <CloseWidgetButton view={view} onClose={onClose} />
            </HStack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <Flex justify="space-between" align="flex-end" gap="3">
                <Box>
                  <Text textStyle="3xl" fontWeight="semibold" lineHeight="1" fontVariantNumeric="tabular-nums" data-testid="bulk-percent">
                    {view.percent}%
                  </Text>
                  <Text textStyle="sm" color="fg.muted" mt="1">
                    {view.processedCount.toLocaleString('en-US')} of {view.totalCount.toLocaleString('en-US')} labels processed
                  </Text>
                </Box>
                <Elapsed view={view} />
              </Flex>
              <ProgressBar percent={view.percent} tone={view.tone} label={`${view.percent}% processed`} />
              <SimpleGrid columns={3} gap="2">
                <Stat label="Processed" value={view.processedCount} />
                <Stat label="Failed" value={view.failedCount} {...(view.failedCount > 0 ? { tone: 'failed' as const } : {})} />
                <Stat label="Total" value={view.totalCount} />
              </SimpleGrid>
              {view.alreadyShippedCount > 0 && (
                <Alert.Root status="warning" size="sm" data-testid="bulk-left-out">
                  <Alert.Indicator />
                  <Alert.Description>{alreadyShippedLeftOutMessage(view.alreadyShippedCount)}.</Alert.Description>
                </Alert.Root>
              )}
              <Problems view={view} />
              {view.done && view.orderId && view.files.length > 0 && (
                <Box>
                  <Text textStyle="sm" fontWeight="medium" mb="2">
                    Downloads
                  </Text>
                  <BulkDownloadButtons batchId={view.orderId} files={view.files} />
                  {view.processedCount > 0 && (
                    <Box mt="2">
                      <ShippingDayButtons batchId={view.orderId} />
                    </Box>
                  )}
                </Box>
              )}
              {!view.done && !view.hasError && (
                <Text textStyle="xs" color="fg.muted">
                  You can minimize this panel and keep working; it stays in the corner until the files are ready.
                </Text>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer flexWrap="wrap">
            {view.canRetry && (
              <Button variant="outline" colorPalette="gray" onClick={onRetry}>
                <RefreshIcon />
                Retry Failed
              </Button>
            )}
            {view.isRetrying && (
              <Button variant="outline" colorPalette="gray" loading loadingText="Retrying...">
                Retry Failed
              </Button>
            )}
            <Button variant="outline" colorPalette="gray" onClick={onMinimize}>
              Minimize
            </Button>
            <Button onClick={onClose} disabled={!view.canClose}>
              Close
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);

const Widget = (): ReactElement | null => {
  const view = useView();
  const setMinimized = useBulkProgressStore((s) => s.setMinimized);
  const reset = useBulkProgressStore((s) => s.reset);
  const retry = useRetryFromWidget();
  if (!view.isVisible || !view.orderId) return null;
  const close = () => {
    if (canCloseBulkProgress(useBulkProgressStore.getState())) reset();
  };
  return view.isMinimized ? (
    <MinimizedCard view={view} onExpand={() => setMinimized(false)} onClose={close} />
  ) : (
    <ExpandedModal view={view} onMinimize={() => setMinimized(true)} onClose={close} onRetry={() => void retry()} />
  );
};

/** Spec 4 "Progress panel/widget": shown whenever a user is signed in and it is visible. Mounted in the main shell. */
export const BulkProgressWidget = (): ReactElement => {
  useBulkProgressTracking();
  return <Widget />;
};
