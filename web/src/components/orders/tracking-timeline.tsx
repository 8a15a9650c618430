import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { TrackingStatusValue } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../libs/format';
import { hasScans, newestFirst, trackingStatusDisplay } from './label-lifecycle-display';

/** One scan as a timeline shows it: where it happened, when the carrier said (the seller sees more than the buyer). */
export interface TimelineEvent {
  status: TrackingStatusValue;
  message: string;
  occurredAt: string;
  place: string | null;
}

/**
 * A parcel's scans newest first, the newest marked in its status colour; until the courier scans it (only pre-transit
 * events), a dashed box with `noScans` instead.
 */
export const TrackingTimeline = ({ events, noScans }: { events: readonly TimelineEvent[]; noScans: string }): ReactElement => {
  if (!hasScans(events)) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="4" data-testid="tracking-no-scans">
        <Text fontWeight="medium">No scans yet</Text>
        <Text textStyle="sm" color="fg.muted">
          {noScans}
        </Text>
      </Box>
    );
  }
  return (
    <Stack as="ol" gap="0" listStyleType="none" aria-label="Tracking events, newest first" data-testid="tracking-events">
      {newestFirst(events).map((event, index) => (
        <Flex as="li" key={`${event.occurredAt}-${index}`} gap="3" data-testid="tracking-event">
          <Flex direction="column" align="center" aria-hidden="true">
            <Box boxSize="2.5" mt="1.5" rounded="full" bg={index === 0 ? `status.${trackingStatusDisplay(event.status).tone}.solid` : 'border.emphasized'} />
            <Box flex="1" w="px" bg="border" />
          </Flex>
          <Stack gap="0.5" pb="4" minW="0">
            <Text fontWeight={index === 0 ? 'semibold' : 'medium'}>{event.message}</Text>
            <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {formatDateTime(event.occurredAt)}
              {event.place ? ` · ${event.place}` : ''}
            </Text>
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
};
