import { Table, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { TableSkeleton } from '../../../../components/ui/table-states';
import { formatDateTime } from '../../../../libs/format';
import { useWebhookDeliveries } from '../../../../services/webhooks/webhook-deliveries';

/** An endpoint's latest attempts, newest first: what was sent, when, and what the endpoint answered. */
export const DeliveryLog = ({ webhookId }: { webhookId: string }): ReactElement => {
  const deliveries = useWebhookDeliveries(webhookId, true);
  if (deliveries.isPending) return <TableSkeleton rows={3} label="Loading deliveries" />;
  if (deliveries.isError) return <Text color="fg.error">Could not load the delivery log.</Text>;
  if (deliveries.data.length === 0) return <Text color="fg.muted" textStyle="sm">No deliveries yet. Events appear here seconds after they happen.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Delivery log">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Attempt</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.data.map((d) => (
            <Table.Row key={`${d.messageId}:${d.attempt}`}>
              <Table.Cell>
                <Text fontFamily="mono" textStyle="xs">
                  {d.eventType}
                </Text>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(d.attemptedAt)}</Table.Cell>
              <Table.Cell textAlign="end">{d.attempt}</Table.Cell>
              <Table.Cell>
                {d.statusCode !== null ? (
                  <StatusBadge tone={d.statusCode >= 200 && d.statusCode < 300 ? 'completed' : 'failed'}>{d.statusCode}</StatusBadge>
                ) : (
                  <StatusBadge tone="failed">No answer</StatusBadge>
                )}
                {d.error && (
                  <Text textStyle="xs" color="fg.muted" title={d.error} truncate maxW="xs">
                    {d.error}
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
