import { Alert, Box, Button, Dialog, Flex, HStack, IconButton, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { alreadyShippedLeftOutMessage } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { MinimizeIcon, RefreshIcon } from '../ui/icons';
import { BulkDownloadButtons } from './bulk-download-buttons';
import { CloseWidgetButton, Elapsed, Problems, ProgressBar, Stat, StatusGlyph } from './progress-parts';
import { ShippingDayButtons } from './shipping-day-buttons';
import type { ProgressView as View } from './use-progress-view';

/** Spec 9: the expanded modal is 600 px wide. */
export const BULK_MODAL_WIDTH = '600px';

interface ExpandedModalProps {
  view: View;
  onMinimize: () => void;
  onClose: () => void;
  onRetry: () => void;
}

/** The percentage and counts, the elapsed time and the bar. */
const ProgressFigures = ({ view }: { view: View }): ReactElement => (
  <>
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
  </>
);

/** The batch's files once it is done, and its shipping-day papers when it bought any label. */
const Downloads = ({ batchId, view }: { batchId: string; view: View }): ReactElement => (
  <Box>
    <Text textStyle="sm" fontWeight="medium" mb="2">
      Downloads
    </Text>
    <BulkDownloadButtons batchId={batchId} files={view.files} />
    {view.processedCount > 0 && (
      <Box mt="2">
        <ShippingDayButtons batchId={batchId} />
      </Box>
    )}
  </Box>
);

const ModalBody = ({ view }: { view: View }): ReactElement => (
  <Stack gap="4">
    <ProgressFigures view={view} />
    {view.alreadyShippedCount > 0 && (
      <Alert.Root status="warning" size="sm" data-testid="bulk-left-out">
        <Alert.Indicator />
        <Alert.Description>{alreadyShippedLeftOutMessage(view.alreadyShippedCount)}.</Alert.Description>
      </Alert.Root>
    )}
    <Problems view={view} />
    {view.done && view.orderId && view.files.length > 0 && <Downloads batchId={view.orderId} view={view} />}
    {!view.done && !view.hasError && (
      <Text textStyle="xs" color="fg.muted">
        You can minimize this panel and keep working; it stays in the corner until the files are ready.
      </Text>
    )}
  </Stack>
);

const ModalButtons = ({ view, onMinimize, onClose, onRetry }: ExpandedModalProps): ReactElement => (
  <>
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
  </>
);

/** The batch's progress as a modal: figures, problems, downloads, Retry Failed, Minimize and Close. */
export const ExpandedModal = (props: ExpandedModalProps): ReactElement => {
  const { view, onMinimize, onClose } = props;
  return (
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
              <ModalBody view={view} />
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <ModalButtons {...props} />
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
