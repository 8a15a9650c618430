import { Alert, Box, HStack, IconButton, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import type { StatusTone } from '../../theme/system';
import { AlertIcon, BadgeCheckIcon, ClockIcon, CloseIcon } from '../ui/icons';
import type { ProgressView as View } from './use-progress-view';

export const StatusGlyph = ({ view, size = '5' }: { view: View; size?: string }): ReactElement => {
  if (view.tone === 'failed') return <AlertIcon boxSize={size} color="status.failed.solid" aria-hidden="true" />;
  if (view.done && view.tone === 'completed') return <BadgeCheckIcon boxSize={size} color="status.completed.solid" aria-hidden="true" />;
  if (view.done) return <AlertIcon boxSize={size} color="status.pending.solid" aria-hidden="true" />;
  return <Spinner size="sm" color="status.processing.solid" borderWidth="2px" aria-hidden="true" />;
};

export const ProgressBar = ({ percent, tone, size = 'md', label }: { percent: number; tone: StatusTone; size?: 'xs' | 'sm' | 'md'; label: string }): ReactElement => (
  <Progress.Root value={percent} size={size} aria-label={label} data-tone={tone} data-testid="bulk-progress-bar">
    <Progress.Track bg={tone === 'processing' ? 'bg.muted' : `status.${tone}.bg`} rounded="full">
      <Progress.Range bg={`status.${tone}.solid`} rounded="full" transition="width 0.3s ease" />
    </Progress.Track>
  </Progress.Root>
);

export const Elapsed = ({ view }: { view: View }): ReactElement => (
  <HStack gap="1" color="fg.muted" textStyle="sm" fontVariantNumeric="tabular-nums" aria-label={`Elapsed time ${view.elapsed}`} title="Elapsed time">
    <ClockIcon aria-hidden="true" />
    <Text as="span" data-testid="bulk-elapsed">
      {view.elapsed}
    </Text>
  </HStack>
);

export const Stat = ({ label, value, tone }: { label: string; value: number; tone?: StatusTone }): ReactElement => (
  <Box borderWidth="1px" rounded="md" px="3" py="2" bg={tone ? `status.${tone}.bg` : 'bg.subtle'} borderColor={tone ? `status.${tone}.border` : 'border'}>
    <Text textStyle="xs" color={tone ? `status.${tone}.fg` : 'fg.muted'}>
      {label}
    </Text>
    <Text textStyle="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone ? `status.${tone}.fg` : 'fg'}>
      {value.toLocaleString('en-US')}
    </Text>
  </Box>
);

export const Problems = ({ view }: { view: View }): ReactElement | null => {
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

export const CloseWidgetButton = ({ view, onClose, size = 'sm' }: { view: View; onClose: () => void; size?: 'xs' | 'sm' }): ReactElement => (
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
