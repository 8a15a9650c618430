import { Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { BitcoinIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';
import { checkTopUpAmount } from './top-up-amount';
import { AmountField, QuickAmounts, TopUpHeader } from './top-up-parts';

interface TopUpCardProps {
  /** The balance in cents, or undefined while unknown. */
  balanceCents: number | undefined;
  /** An invoice is being created or a payment modal is open. */
  busy: boolean;
  onPay: (amountCents: number) => void;
}

/** The amount (typed in dollars, sent in cents), the quick amounts and 'Pay with BTCPay'. */
export const TopUpCard = ({ balanceCents, busy, onPay }: TopUpCardProps): ReactElement => {
  const [amount, setAmount] = useState('');
  const check = checkTopUpAmount(amount);
  const message = check.ok ? null : check.message;
  const headingId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.ok && !busy) onPay(check.cents);
  };

  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby={headingId}>
      <Card.Header>
        <TopUpHeader headingId={headingId} balanceCents={balanceCents} />
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Flex gap={{ base: '4', md: '6' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
              <AmountField amount={amount} message={message} busy={busy} onChange={setAmount} />
              <QuickAmounts selectedCents={check.ok ? check.cents : null} busy={busy} onPick={setAmount} />
            </Flex>
            <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
              <Button type="submit" disabled={!check.ok || busy} loading={busy} loadingText="Generating Invoice..." minW="48">
                <BitcoinIcon />
                Pay with BTCPay
              </Button>
              {(check.ok || !message) && (
                <Text textStyle="xs" color="fg.muted">
                  {check.ok ? `You will be asked to pay ${formatCents(check.cents)}.` : 'Enter an amount to continue.'}
                </Text>
              )}
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};
