import { Text } from '@chakra-ui/react';
import type { PriceTier } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../libs/format';
import { Table } from '../ui/responsive-table';

/** Read-only weight tiers: the pounds each price covers. */
export const TiersTable = ({ tiers, label }: { tiers: readonly PriceTier[]; label: string }): ReactElement => {
  if (tiers.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No prices.
      </Text>
    );
  }
  return (
    <Table.Root size="sm" aria-label={label} variant="line">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Weight</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {[...tiers]
          .sort((a, b) => a.fromWeight - b.fromWeight)
          .map((tier) => (
            <Table.Row key={`${tier.fromWeight}-${tier.toWeight}`}>
              <Table.Cell fontVariantNumeric="tabular-nums">
                {tier.fromWeight}–{tier.toWeight} lb
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatCents(tier.price)}
              </Table.Cell>
            </Table.Row>
          ))}
      </Table.Body>
    </Table.Root>
  );
};
