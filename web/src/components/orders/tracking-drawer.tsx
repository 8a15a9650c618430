import { Alert, CloseButton, Drawer, Flex, Heading, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import { formatDateTime } from '../../libs/format';
import { useLabelTracking, type TrackingTarget } from '../../services/orders/label-tracking';
import { StatusBadge } from '../ui/status-badge';
import { carrierDisplayName, trackingStatusDisplay } from './label-lifecycle-display';
import { TrackingLinkShare } from './tracking-link-share';
import { TrackingTimeline } from './tracking-timeline';

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
      <TrackingLinkShare key={`${target.kind}:${target.orderId}:${target.trackingNumber}`} target={target} />
      <TrackingTimeline
        events={data.events.map((event) => ({ ...event, place: event.location }))}
        noScans={`${carrierDisplayName(data.courier)} has not scanned this label. Events show here once it does.`}
      />
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
