import { Box, Button, Field, Flex, HStack, Heading, Input, InputGroup, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { ReactElement } from 'react';
import { centsToDollarInput, formatCents } from '../../../libs/format';
import { QUICK_AMOUNTS_CENTS, TOP_UP_RANGE_TEXT } from './top-up-amount';

interface TopUpHeaderProps {
  headingId: string;
  /** The balance in cents, or undefined while unknown. */
  balanceCents: number | undefined;
}

/** The card's title and what it does, with the current balance beside them. */
export const TopUpHeader = ({ headingId, balanceCents }: TopUpHeaderProps): ReactElement => (
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
);

interface AmountFieldProps {
  amount: string;
  /** What is wrong with the amount, or null (the range is shown instead). */
  message: string | null;
  busy: boolean;
  onChange: (amount: string) => void;
}

export const AmountField = ({ amount, message, busy, onChange }: AmountFieldProps): ReactElement => (
  <Field.Root invalid={message !== null} w={{ base: 'full', md: '72' }} flexShrink={0} disabled={busy}>
    <Field.Label>Amount (USD)</Field.Label>
    <InputGroup startElement="$">
      <Input
        name="amount"
        value={amount}
        onChange={(event) => onChange(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="25.00"
        fontVariantNumeric="tabular-nums"
      />
    </InputGroup>
    {message ? <Field.ErrorText>{message}</Field.ErrorText> : <Field.HelperText>{TOP_UP_RANGE_TEXT}</Field.HelperText>}
  </Field.Root>
);

interface QuickAmountsProps {
  /** The valid amount typed, in cents, or null: its chip shows pressed. */
  selectedCents: number | null;
  busy: boolean;
  onPick: (amount: string) => void;
}

/** The chips that fill the amount in with one click. */
export const QuickAmounts = ({ selectedCents, busy, onPick }: QuickAmountsProps): ReactElement => {
  const quickLabelId = useId();
  return (
    <Box minW="0">
      <Text id={quickLabelId} textStyle="sm" fontWeight="medium" mb="1.5">
        Quick amounts
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-labelledby={quickLabelId}>
        {QUICK_AMOUNTS_CENTS.map((cents) => {
          const selected = selectedCents === cents;
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
              onClick={() => onPick(centsToDollarInput(cents))}
              fontVariantNumeric="tabular-nums"
            >
              {formatCents(cents).replace(/\.00$/, '')}
            </Button>
          );
        })}
      </HStack>
    </Box>
  );
};
