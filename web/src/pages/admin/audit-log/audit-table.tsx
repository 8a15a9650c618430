import { Box, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { AuditPage } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { formatDateTime } from '../../../libs/format';
import { ACTION_LABELS, auditActorText, auditTargetText, describeChange } from './describe-change';
import { Table } from '../../../components/ui/responsive-table';

type Entry = AuditPage['items'][number];

const Snapshot = ({ title, value }: { title: string; value: Entry['before'] }): ReactElement => (
  <Box flex="1" minW="0">
    <Text textStyle="xs" color="fg.muted" fontWeight="medium" mb="1">
      {title}
    </Text>
    <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-word" p="2" textStyle="xs" maxH="64" overflow="auto">
      {value === null ? 'nothing' : JSON.stringify(value, null, 2)}
    </Code>
  </Box>
);

const ActorCell = ({ entry }: { entry: Entry }): ReactElement =>
  entry.actingAsId === null ? (
    <Text truncate>{entry.actorName ?? entry.actorId}</Text>
  ) : (
    // Done signed in as a customer (decision 069): the admin did it, as the customer.
    <Stack gap="0" title={auditActorText(entry)} data-testid="audit-acting-as">
      <Text truncate>{entry.actorName ?? entry.actorId}</Text>
      <Text truncate textStyle="xs" color="fg.muted">
        as {entry.actingAsName ?? entry.actingAsId}
      </Text>
    </Stack>
  );

const TargetCell = ({ entry }: { entry: Entry }): ReactElement =>
  entry.targetType === 'user' && entry.targetName && entry.targetEmail ? (
    // Name over e-mail, so a narrow column still shows whom the action was about.
    <Stack gap="0" title={auditTargetText(entry)}>
      <Text truncate>{entry.targetName}</Text>
      <Text truncate textStyle="xs" color="fg.muted">
        {entry.targetEmail}
      </Text>
    </Stack>
  ) : (
    <Text truncate title={auditTargetText(entry)}>
      {auditTargetText(entry)}
    </Text>
  );

/** The first four lines of what changed, then how many more. */
const ChangeCell = ({ entry }: { entry: Entry }): ReactElement => {
  const lines = describeChange(entry.before, entry.after);
  return (
    <Stack gap="0">
      {lines.length === 0 ? (
        <Text color="fg.muted">—</Text>
      ) : (
        lines.slice(0, 4).map((line) => (
          <Text key={line} textStyle="xs">
            {line}
          </Text>
        ))
      )}
      {lines.length > 4 && (
        <Text textStyle="xs" color="fg.muted">
          and {lines.length - 4} more
        </Text>
      )}
    </Stack>
  );
};

/** One entry's row and, while open, the row under it with the full state before and after. */
const AuditRow = ({ entry, expanded, onToggle }: { entry: Entry; expanded: boolean; onToggle: () => void }): ReactElement => (
  <>
    <Table.Row data-testid="audit-row" data-action={entry.action}>
      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatDateTime(entry.createdAt)}
      </Table.Cell>
      <Table.Cell maxW="48">
        <ActorCell entry={entry} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{ACTION_LABELS[entry.action]}</Table.Cell>
      <Table.Cell maxW="56">
        <TargetCell entry={entry} />
      </Table.Cell>
      <Table.Cell minW="56">
        <ChangeCell entry={entry} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="xs" variant="outline" colorPalette="gray" aria-expanded={expanded} onClick={onToggle}>
          {expanded ? 'Hide' : 'Before / after'}
        </Button>
      </Table.Cell>
    </Table.Row>
    {expanded && (
      <Table.Row>
        <Table.Cell colSpan={6} bg="bg.subtle">
          <Stack direction={{ base: 'column', md: 'row' }} gap="3">
            <Snapshot title="Before" value={entry.before} />
            <Snapshot title="After" value={entry.after} />
          </Stack>
        </Table.Cell>
      </Table.Row>
    )}
  </>
);

/** Newest first; each row says what changed in a few lines, and opens to the full state before and after. */
export const AuditTable = ({ entries }: { entries: readonly Entry[] }): ReactElement => {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
      <Table.Root size="sm" aria-label="Audit log">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Target</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Details</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} expanded={open === entry.id} onToggle={() => setOpen(open === entry.id ? null : entry.id)} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
