import { Card, Heading, Skeleton, Text } from '@chakra-ui/react';
import type { LabelMargin, LabelMargins } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../../libs/format';
import { marginColor, marginShare, withoutCostNote } from '../label-costs';
import { Table } from '../../../components/ui/responsive-table';

const SPANS: ReadonlyArray<{ key: keyof LabelMargins; label: string }> = [
  { key: 'today', label: 'Today' },
  { key: 'lastDays', label: 'Last 30 days' },
];

/** Labels without a recorded cost, with what they sold for: counted apart, so the margin above never takes them as free. */
const WithoutCost = ({ label, figures }: { label: string; figures: LabelMargin }): ReactElement | null => {
  const note = withoutCostNote(figures.withoutCost.labels);
  if (!note) return null;
  return (
    <Text textStyle="sm" color="fg.muted">
      {label}: {note} (sold for {formatCents(figures.withoutCost.revenueCents)}), left out of cost and margin.
    </Text>
  );
};

/** Revenue, carrier cost and margin of the labels bought today and in the last 30 days (UTC), as the reports below count them. */
export const MarginsCard = ({ margins, loading }: { margins: LabelMargins | undefined; loading: boolean }): ReactElement => (
  <Card.Root variant="outline" size="sm" as="section" aria-labelledby="margins-heading">
    <Card.Header>
      <Heading as="h2" size="md" id="margins-heading">
        Carrier cost and margin
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        Labels bought (UTC), single and batch, less those whose void gave the money back: what customers paid, what the carriers charged us, and the difference.
      </Text>
    </Card.Header>
    <Card.Body gap="3">
      {loading || !margins ? (
        <Skeleton height="24" />
      ) : (
        <>
          {/* Focusable so the keyboard can scroll it on a narrow screen: the table holds nothing else to focus. */}
          <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
            <Table.Root size="sm" aria-label="Carrier cost and margin">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Period</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Labels</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Revenue</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Carrier cost</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Margin</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {SPANS.map(({ key, label }) => {
                  const figures = margins[key];
                  const share = marginShare(figures.marginCents, figures.revenueCents);
                  return (
                    <Table.Row key={key} data-testid="margin-row" data-span={key}>
                      <Table.Cell fontWeight="medium">{label}</Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {figures.labels}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatCents(figures.revenueCents)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatCents(figures.costCents)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color={marginColor(figures.marginCents)}>
                        {formatCents(figures.marginCents)}
                        {share && (
                          <Text as="span" color="fg.muted" textStyle="xs" ms="1">
                            ({share})
                          </Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {SPANS.map(({ key, label }) => (
            <WithoutCost key={key} label={label} figures={margins[key]} />
          ))}
        </>
      )}
    </Card.Body>
  </Card.Root>
);
