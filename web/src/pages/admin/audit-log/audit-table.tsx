import { Box, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { AuditPage } from '@labeldesk/contracts';
import { Fragment, useState, type ReactElement } from 'react';
import { formatDateTime } from '../../../libs/format';
import { ACTION_LABELS, describeChange, userTargetText } from './describe-change';
import { Table } from '../../../components/ui/responsive-table';

type Entry = AuditPage['items'][number];

const targetText = (entry: Entry): string => {
  if (entry.targetType === 'default-services') return 'All default services';
  if (entry.targetType === 'default-service') return `Default service ${entry.targetId ?? ''}`;
  if (entry.targetType === 'order') return `Order ${entry.targetId ?? ''}`;
  if (entry.targetType === 'bulk-order') return `Batch ${entry.targetId ?? ''}`;
  if (entry.targetType === 'api-key') return `API key ${entry.targetId ?? ''}`;
  return userTargetText(entry);
};

/** "admin A as customer C" for what an admin did signed in as a customer; else the admin. */
const actorText = (entry: Pick<Entry, 'actorId' | 'actorName' | 'actingAsId' | 'actingAsName'>): string => {
  const admin = entry.actorName ?? entry.actorId;
  return entry.actingAsId === null ? admin : `${admin} as ${entry.actingAsName ?? entry.actingAsId}`;
};

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

/** Newest first; each row says what changed in a few lines, and opens to the full state before and after. */
export const AuditTable = ({ entries }: { entries: readonly Entry[] }): ReactElement => {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
      <Table.Root size="sm" aria-label="Audit log">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Admin</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Target</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Details</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const lines = describeChange(entry.before, entry.after);
            const expanded = open === entry.id;
            return (
              <Fragment key={entry.id}>
                <Table.Row data-testid="audit-row" data-action={entry.action}>
                  <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                    {formatDateTime(entry.createdAt)}
                  </Table.Cell>
                  <Table.Cell maxW="48">
                    {entry.actingAsId === null ? (
                      <Text truncate>{entry.actorName ?? entry.actorId}</Text>
                    ) : (
                      // Done signed in as a customer (decision 069): the admin did it, as the customer.
                      <Stack gap="0" title={actorText(entry)} data-testid="audit-acting-as">
                        <Text truncate>{entry.actorName ?? entry.actorId}</Text>
                        <Text truncate textStyle="xs" color="fg.muted">
                          as {entry.actingAsName ?? entry.actingAsId}
                        </Text>
                      </Stack>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{ACTION_LABELS[entry.action]}</Table.Cell>
                  <Table.Cell maxW="56">
                    {entry.targetType === 'user' && entry.targetName && entry.targetEmail ? (
                      // Name over e-mail, so a narrow column still shows whom the action was about.
                      <Stack gap="0" title={targetText(entry)}>
                        <Text truncate>{entry.targetName}</Text>
                        <Text truncate textStyle="xs" color="fg.muted">
                          {entry.targetEmail}
                        </Text>
                      </Stack>
                    ) : (
                      <Text truncate title={targetText(entry)}>
                        {targetText(entry)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell minW="56">
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
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="gray" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : entry.id)}>
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
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
