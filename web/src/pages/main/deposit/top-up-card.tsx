import { Box, Button, Card, Field, Flex, HStack, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { BitcoinIcon } from '../../../components/ui/icons';
import { centsToDollarInput, formatCents } from '../../../libs/format';
import { QUICK_AMOUNTS_CENTS, TOP_UP_RANGE_TEXT, checkTopUpAmount } from './top-up-amount';

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
  const quickLabelId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.ok && !busy) onPay(check.cents);
  };

  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Box minW="0">
            <Heading as="h2" size="md" id={headingId}>
              Top up balance
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              Pay in Bitcoin through BTCPay. The amount is added once the payment settles.
            </Text>
          </Box>
          <Box textAlign={{ base: 'start', sm: 'end' }} flexShrink={0}>
            <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
              Current balance
            </Text>
            <Text textStyle="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="deposit-balance">
              {balanceCents === undefined ? '--' : formatCents(balanceCents)}
            </Text>
          </Box>
        </Flex>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Flex gap={{ base: '4', md: '6' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
              <Field.Root invalid={message !== null} w={{ base: 'full', md: '72' }} flexShrink={0} disabled={busy}>
                <Field.Label>Amount (USD)</Field.Label>
                <InputGroup startElement="$">
                  <Input
                    name="amount"
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="25.00"
                    fontVariantNumeric="tabular-nums"
                  />
                </InputGroup>
                {message ? <Field.ErrorText>{message}</Field.ErrorText> : <Field.HelperText>{TOP_UP_RANGE_TEXT}</Field.HelperText>}
              </Field.Root>
              <Box minW="0">
                <Text id={quickLabelId} textStyle="sm" fontWeight="medium" mb="1.5">
                  Quick amounts
                </Text>
                <HStack gap="2" wrap="wrap" role="group" aria-labelledby={quickLabelId}>
                  {QUICK_AMOUNTS_CENTS.map((cents) => {
                    const selected = check.ok && check.cents === cents;
                    return (
                      <Button
                        key={cents}
                        type="button"
                        size="sm"
                        minW="16"
                        variant={selected ? 'subtle' : 'outline'}
                        colorPalette={selected ? 'brand' : 'gray'}
                        aria-pressed={selected}
                        disabled={busy}
                        onClick={() => setAmount(centsToDollarInput(cents))}
                        fontVariantNumeric="tabular-nums"
                      >
                        {formatCents(cents).replace(/\.00$/, '')}
                      </Button>
                    );
                  })}
                </HStack>
              </Box>
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
