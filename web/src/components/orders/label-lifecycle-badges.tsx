import type { LabelState, TrackingStatusValue } from '@labeldesk/contracts';
import { Box, VisuallyHidden } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { TruckIcon } from '../ui/icons';
import { StatusBadge } from '../ui/status-badge';
import { labelStateDisplay, trackingStatusDisplay } from './label-lifecycle-display';

/** The label's life after purchase in words; nothing while it is simply purchased. */
export const LabelStateBadge = ({ state }: { state: LabelState | null }): ReactElement | null => {
  const display = labelStateDisplay(state);
  return display ? (
    <span data-testid="label-state" data-state={state ?? undefined}>
      <StatusBadge tone={display.tone}>{display.text}</StatusBadge>
    </span>
  ) : null;
};

/** The carrier's last tracking status in words (a truck marks it apart from the label's state); nothing before the first check. */
export const TrackingStatusBadge = ({ status }: { status: TrackingStatusValue | null }): ReactElement | null => {
  if (status === null) return null;
  const display = trackingStatusDisplay(status);
  return (
    // Positioned, so the visually hidden prefix stays inside a scrolling table instead of widening the page.
    <Box as="span" position="relative" data-testid="tracking-status" data-tracking-status={status}>
      <StatusBadge tone={display.tone}>
        <TruckIcon aria-hidden="true" />
        <VisuallyHidden>Tracking: </VisuallyHidden>
        {display.text}
      </StatusBadge>
    </Box>
  );
};
