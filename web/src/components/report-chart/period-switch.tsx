import { SegmentGroup } from '@chakra-ui/react';
import { REPORT_GROUPINGS, type ReportGrouping } from '@labeldesk/contracts';
import type { ReactElement } from 'react';

const NAMES: Readonly<Record<ReportGrouping, string>> = { day: 'Day', week: 'Week', month: 'Month' };

const isGrouping = (value: string | null): value is ReportGrouping => (REPORT_GROUPINGS as readonly string[]).includes(value ?? '');

/** Day / Week / Month: a radio group (arrow keys move between the three), named for screen readers. */
export const PeriodSwitch = ({ value, onChange }: { value: ReportGrouping; onChange: (grouping: ReportGrouping) => void }): ReactElement => (
  <SegmentGroup.Root
    size="sm"
    value={value}
    aria-label="Group by"
    onValueChange={(details) => {
      if (isGrouping(details.value)) onChange(details.value);
    }}
  >
    <SegmentGroup.Indicator />
    <SegmentGroup.Items items={REPORT_GROUPINGS.map((grouping) => ({ value: grouping, label: NAMES[grouping] }))} />
  </SegmentGroup.Root>
);
