import { Center, Checkbox, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TodayFormLabel } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { Table } from '../../../components/ui/responsive-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../libs/format';
import { errorMessage } from '../../../libs/http-client';
import { downloadScanForm } from '../../../libs/shipping-day-files';
import { orderKeys } from '../../../services/orders/keys';
import { makeTodayScanForms, useTodayFormLabels } from '../../../services/orders/scan-forms-today';
import { availableIds, emptyDayText, groupBySender, groupChoice, groupNotice, splitForms, STATE_TEXT, withGroup, type SenderGroup } from './today-form-groups';
import { UnconfirmedFormAlert } from './unconfirmed-form-alert';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
const FORM_ID = 'scan-form-today';

interface GroupTableProps {
  group: SenderGroup;
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onChange: (next: Set<string>) => void;
}

/** One sender's labels of today: one SCAN form (or several past 200) is made for those chosen. */
const GroupTable = ({ group, chosen, disabled, onChange }: GroupTableProps): ReactElement => {
  const anyAvailable = group.labels.some((label) => label.state === 'available');
  const notice = groupNotice(group);
  const toggle = (label: TodayFormLabel, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(label.orderId);
    else next.delete(label.orderId);
    onChange(next);
  };
  return (
    <Stack gap="2">
      <Heading as="h3" textStyle="sm" fontWeight="semibold">
        From {group.title}
      </Heading>
      {notice && <UnconfirmedFormAlert notice={notice} />}
      <Table.ScrollArea position="relative" borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={`Today's labels from ${group.title}`}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="10">
                <Checkbox.Root size="sm" checked={groupChoice(group, chosen)} disabled={disabled || !anyAvailable} onCheckedChange={(details) => onChange(withGroup(chosen, group, details.checked === true))}>
                  <Checkbox.HiddenInput aria-label={`Choose every label from ${group.title}`} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Tracking number</Table.ColumnHeader>
              <Table.ColumnHeader>Receiver</Table.ColumnHeader>
              <Table.ColumnHeader>Bought</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.labels.map((label) => (
              <Table.Row key={label.orderId} data-testid="scan-form-label" data-state={label.state}>
                <Table.Cell>
                  <Checkbox.Root size="sm" checked={chosen.has(label.orderId)} disabled={disabled || label.state !== 'available'} onCheckedChange={(details) => toggle(label, details.checked === true)}>
                    <Checkbox.HiddenInput aria-label={`Choose label ${label.trackingNumber}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
                  {label.trackingNumber}
                </Table.Cell>
                <Table.Cell>{label.receiverName}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(label.purchasedAt)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge tone={label.state === 'available' ? 'completed' : label.state === 'on_unconfirmed_form' ? 'stuck' : 'neutral'}>{STATE_TEXT[label.state]}</StatusBadge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
};

/**
 * "SCAN form for today": lists today's single labels by sender address, every label that may go on a form chosen to
 * begin with; the seller leaves out the parcels that are not going to the post office today. The forms are made for
 * the labels chosen (one per sender address) and downloaded.
 */
export const ScanFormTodayDialog = ({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }): ReactElement => {
  const queryClient = useQueryClient();
  const labels = useTodayFormLabels(userId, open);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setChosen(null);
    setError(null);
  }, [open]);

  const all = labels.data?.labels ?? [];
  const selection = chosen ?? availableIds(all);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (selection.size === 0) {
      setError('Choose at least one label for the SCAN form.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { forms } = await makeTodayScanForms(userId, [...selection]);
      const { downloads, unconfirmed: notConfirmed } = splitForms(forms);
      for (const form of downloads) if (form.downloadPath) await downloadScanForm(form.downloadPath);
      const count = downloads.reduce((sum, form) => sum + form.count, 0);
      notify.success(`SCAN form for today: ${plural(downloads.length, 'form')} for ${plural(count, 'label')} downloaded.`);
      // A form the carrier has not confirmed has no file: the dialog stays open on today's labels, refreshed below,
      // where its labels are marked and the seller reads what to do under their sender.
      if (notConfirmed.length === 0) onClose();
      else {
        setChosen(null);
        notify.info(`${plural(notConfirmed.length, 'SCAN form')} not confirmed: see the labels marked below.`);
      }
    } catch (failure) {
      setError(errorMessage(failure, 'The SCAN form could not be made. Please try again.'));
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: orderKeys.scanFormLabels(userId) });
    }
  };

  const body = (): ReactElement => {
    if (labels.isPending) {
      return (
        <Center py="6" aria-live="polite">
          <Spinner size="md" color="brand.solid" aria-label="Loading today's labels" />
        </Center>
      );
    }
    if (labels.isError) return <FormAlert message={errorMessage(labels.error, "Today's labels could not be loaded. Please try again.")} />;
    const noFormNeeded = labels.data.noFormNeeded;
    if (all.length === 0) return <Text>{emptyDayText(noFormNeeded)}</Text>;
    return (
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          Choose the parcels you hand to USPS today ({labels.data.mailingDate}). The carrier scans the form&apos;s one barcode instead of every parcel. One form is made
          per sender address, and a label goes on one form only: a label on a form can no longer be voided for free, only refunded.
        </Text>
        {groupBySender(all).map((group) => (
          <GroupTable key={group.key} group={group} chosen={selection} disabled={submitting} onChange={setChosen} />
        ))}
        {noFormNeeded ? <Text color="fg.muted" textStyle="sm">{noFormNeeded}</Text> : null}
      </Stack>
    );
  };

  return (
    <FormDialog
      title="SCAN form for today"
      open={open}
      onClose={() => !submitting && onClose()}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      submitLabel={`Make SCAN form (${plural(selection.size, 'label')})`}
      submittingLabel="Making SCAN form..."
      error={error}
      formId={FORM_ID}
      size="lg"
    >
      {body()}
    </FormDialog>
  );
};
