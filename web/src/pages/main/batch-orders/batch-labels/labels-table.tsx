import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { BatchLabel } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { TrackingStatusBadge } from '../../../../components/orders/label-lifecycle-badges';
import { canVoidLabel, labelStateDisplay, labelStateText } from '../../../../components/orders/label-lifecycle-display';
import { TruckIcon } from '../../../../components/ui/icons';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatCents } from '../../../../libs/format';
import { pageSelectionState, type LabelSelection } from './label-selection';
import { Table } from '../../../../components/ui/responsive-table';

interface BatchLabelsTableProps {
  labels: readonly BatchLabel[];
  selection: LabelSelection;
  onToggle: (label: BatchLabel, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  onTrack: (label: BatchLabel) => void;
  stale: boolean;
  disabled: boolean;
}

/** Every state is named in this table, `purchased` too: it is the one list where a label's state is the point. */
const StateCell = ({ label }: { label: BatchLabel }): ReactElement => {
  const display = labelStateDisplay(label.state) ?? { tone: 'completed' as const, text: labelStateText(label.state) };
  return (
    <Stack gap="1" align="flex-start">
      <span data-testid="label-state" data-state={label.state}>
        <StatusBadge tone={display.tone}>{display.text}</StatusBadge>
      </span>
      {label.reason && (
        <Text textStyle="xs" color="fg.muted" maxW="48" whiteSpace="normal" data-testid="label-reason">
          {label.reason}
        </Text>
      )}
    </Stack>
  );
};

interface BatchLabelRowProps extends Pick<BatchLabelsTableProps, 'onToggle' | 'onTrack' | 'disabled'> {
  label: BatchLabel;
  selected: boolean;
}

/** The label's last tracking status (or that none is known yet) and its Track button. */
const TrackingCell = ({ label, onTrack }: Pick<BatchLabelRowProps, 'label' | 'onTrack'>): ReactElement => (
  <Stack gap="1" align="flex-start">
    {label.trackingStatus === null ? (
      <Text textStyle="xs" color="fg.muted">
        Not checked yet
      </Text>
    ) : (
      <TrackingStatusBadge status={label.trackingStatus} />
    )}
    <Button size="2xs" variant="ghost" colorPalette="gray" onClick={() => onTrack(label)} aria-label={`Track label ${label.trackingNumber}`}>
      <TruckIcon />
      Track
    </Button>
  </Stack>
);

const BatchLabelRow = ({ label, selected, disabled, onToggle, onTrack }: BatchLabelRowProps): ReactElement => (
  <Table.Row data-testid="batch-label-row" data-tracking-number={label.trackingNumber} data-state={label.state}>
    <Table.Cell>
      <Checkbox.Root size="sm" checked={selected} disabled={disabled || !canVoidLabel(label)} onCheckedChange={(details) => onToggle(label, details.checked === true)}>
        <Checkbox.HiddenInput aria-label={`Select label ${label.trackingNumber}`} />
        <Checkbox.Control />
      </Checkbox.Root>
    </Table.Cell>
    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
      {label.row}
    </Table.Cell>
    <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
      {label.trackingNumber}
    </Table.Cell>
    <Table.Cell>
      <Text truncate maxW="44">
        {label.receiverName}
      </Text>
    </Table.Cell>
    <Table.Cell>
      <Text truncate maxW="48" textStyle="xs">
        {label.serviceName}
      </Text>
    </Table.Cell>
    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" fontWeight="medium">
      {formatCents(label.price)}
    </Table.Cell>
    <Table.Cell>
      <StateCell label={label} />
    </Table.Cell>
    <Table.Cell>
      <TrackingCell label={label} onTrack={onTrack} />
    </Table.Cell>
  </Table.Row>
);

/** The batch's labels in file order, each with a checkbox while it can still be voided. */
export const BatchLabelsTable = ({ labels, selection, onToggle, onTogglePage, onTrack, stale, disabled }: BatchLabelsTableProps): ReactElement => {
  const pageState = pageSelectionState(selection, labels);
  const anyVoidable = labels.some((label) => canVoidLabel(label));
  return (
    // Positioned, so the checkboxes' hidden inputs scroll with the table instead of widening the page.
    <Table.ScrollArea position="relative" borderWidth="1px" rounded="md" opacity={stale ? 0.6 : 1} aria-busy={stale}>
      <Table.Root size="sm" stickyHeader aria-label="Batch labels">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="10">
              <Checkbox.Root size="sm" checked={pageState} disabled={disabled || !anyVoidable} onCheckedChange={(details) => onTogglePage(details.checked === true)}>
                <Checkbox.HiddenInput aria-label="Select every label on this page that can be voided" />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Row</Table.ColumnHeader>
            <Table.ColumnHeader>Tracking number</Table.ColumnHeader>
            <Table.ColumnHeader>Receiver</Table.ColumnHeader>
            <Table.ColumnHeader>Service</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader>Tracking</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {labels.map((label) => (
            <BatchLabelRow key={label.itemId} label={label} selected={selection.has(label.trackingNumber)} disabled={disabled} onToggle={onToggle} onTrack={onTrack} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
