import { Alert, Box, CloseButton, Drawer, Flex, Heading, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { LabelTracking } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import { formatDateTime } from '../../libs/format';
import { useLabelTracking, type TrackingTarget } from '../../services/orders/label-tracking';
import { StatusBadge } from '../ui/status-badge';
import { carrierDisplayName, hasScans, newestFirst, trackingStatusDisplay } from './label-lifecycle-display';

const Timeline = ({ tracking }: { tracking: LabelTracking }): ReactElement => {
  if (!hasScans(tracking.events)) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="4" data-testid="tracking-no-scans">
        <Text fontWeight="medium">No scans yet</Text>
        <Text textStyle="sm" color="fg.muted">
          {carrierDisplayName(tracking.courier)} has not scanned this label. Events show here once it does.
        </Text>
      </Box>
    );
  }
  return (
    <Stack as="ol" gap="0" listStyleType="none" aria-label="Tracking events, newest first" data-testid="tracking-events">
      {newestFirst(tracking.events).map((event, index) => (
        <Flex as="li" key={`${event.occurredAt}-${index}`} gap="3" data-testid="tracking-event">
          <Flex direction="column" align="center" aria-hidden="true">
            <Box boxSize="2.5" mt="1.5" rounded="full" bg={index === 0 ? `status.${trackingStatusDisplay(event.status).tone}.solid` : 'border.emphasized'} />
            <Box flex="1" w="px" bg="border" />
          </Flex>
          <Stack gap="0.5" pb="4" minW="0">
            <Text fontWeight={index === 0 ? 'semibold' : 'medium'}>{event.message}</Text>
            <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {formatDateTime(event.occurredAt)}
              {event.location ? ` · ${event.location}` : ''}
            </Text>
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
};

const TrackingBody = ({ target }: { target: TrackingTarget }): ReactElement => {
  const tracking = useLabelTracking(target);
  if (tracking.isPending) {
    return (
      <Stack gap="3" role="status" aria-label="Loading tracking">
        <Skeleton height="6" width="40%" />
        <Skeleton height="16" />
        <Skeleton height="16" />
      </Stack>
    );
  }
  if (tracking.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(tracking.error, 'Failed to load tracking. Try again in a moment.')}</Alert.Description>
      </Alert.Root>
    );
  }
  const data = tracking.data;
  const status = trackingStatusDisplay(data.status);
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h3" size="md" data-testid="tracking-heading">
          {status.text}
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <StatusBadge tone={status.tone}>{carrierDisplayName(data.courier)}</StatusBadge>
          <Text fontFamily="mono" textStyle="xs" overflowWrap="anywhere">
            {data.trackingNumber}
          </Text>
        </Flex>
        <Text textStyle="xs" color="fg.muted">
          {data.checkedAt ? `Last checked ${formatDateTime(data.checkedAt)}` : 'Not checked with the carrier yet'}
        </Text>
      </Stack>
      <Timeline tracking={data} />
    </Stack>
  );
};

/** A label's tracking: its status, then the carrier's events newest first (or "No scans yet"). */
export const TrackingDrawer = ({ target, onClose }: { target: TrackingTarget | null; onClose: () => void }): ReactElement => (
  <Drawer.Root open={target !== null} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'md' }}>
    <Portal>
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content data-testid="tracking-drawer">
          <Drawer.Header>
            <Drawer.Title>Tracking</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body>{target && <TrackingBody target={target} />}</Drawer.Body>
          <Drawer.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close tracking" />
          </Drawer.CloseTrigger>
        </Drawer.Content>
      </Drawer.Positioner>
    </Portal>
  </Drawer.Root>
);
