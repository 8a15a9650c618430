import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { canCloseBulkProgress, useBulkProgressStore } from '../../stores/bulk-progress.store';
import { MaximizeIcon } from '../ui/icons';
import { ExpandedModal } from './expanded-modal';
import { CloseWidgetButton, ProgressBar, StatusGlyph } from './progress-parts';
import { useBulkProgressTracking, useRetryFromWidget } from './use-bulk-progress-tracking';
import { useProgressView } from './use-progress-view';
import type { ProgressView as View } from './use-progress-view';

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

const Widget = (): ReactElement | null => {
  const view = useProgressView();
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
