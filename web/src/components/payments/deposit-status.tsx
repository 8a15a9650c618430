import { Badge, HStack } from '@chakra-ui/react';
import type { Deposit, DepositStatus } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import type { StatusTone } from '../../theme/system';
import { StatusBadge } from '../ui/status-badge';

/** Spec section 4, deposit colours: Settled blue, Expired yellow, any other green (the theme's status tokens). */
export const depositTone = (status: DepositStatus): StatusTone => {
  if (status === 'Settled') return 'processing';
  if (status === 'Expired') return 'pending';
  return 'completed';
};

export const DepositStatusBadge = ({ status }: { status: DepositStatus }): ReactElement => (
  <StatusBadge tone={depositTone(status)}>{status}</StatusBadge>
);

/** Marks a deposit of the built-in test provider: no real money moved. Neutral, so it never reads as a status. */
export const TestDepositBadge = (): ReactElement => (
  <Badge variant="solid" colorPalette="gray" title="Test money from the built-in test payment provider: no real payment" data-testid="test-badge">
    TEST
  </Badge>
);

/** The status, and TEST beside it for test-provider deposits: the same on the Deposit page and the dashboard. */
export const DepositStatusCell = ({ deposit }: { deposit: Pick<Deposit, 'status' | 'test'> }): ReactElement => (
  <HStack gap="1.5" wrap="nowrap">
    <DepositStatusBadge status={deposit.status} />
    {deposit.test && <TestDepositBadge />}
  </HStack>
);
