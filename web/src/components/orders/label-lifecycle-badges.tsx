import type { LabelState, TrackingStatusValue } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
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

/** The carrier's last tracking status in words; nothing before the first check. */
export const TrackingStatusBadge = ({ status }: { status: TrackingStatusValue | null }): ReactElement | null => {
  if (status === null) return null;
  const display = trackingStatusDisplay(status);
  return (
    <span data-testid="tracking-status" data-tracking-status={status}>
      <StatusBadge tone={display.tone}>{display.text}</StatusBadge>
    </span>
  );
};
