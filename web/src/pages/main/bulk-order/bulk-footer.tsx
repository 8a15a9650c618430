import { Box, Button, Flex, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StickyBuyBar } from '../../../components/layout/sticky-buy-bar';
import { useBuyBlockedByTestMode } from '../../../components/layout/test-mode';
import { PrinterIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';

export interface BulkFooterProps {
  rowCount: number;
  invalidCount: number;
  /** Rows with a service and a weight that could be priced. */
  pricedCount: number;
  /** Rows whose order already has a label and that will be left out (issue 47): neither priced nor bought. */
  leftOutCount: number;
  totalCents: number;
  pricing: boolean;
  priceFailure: string | null;
  /** What the rows under a rate rule save against their parcels' dearest rates; null when no row is under one. */
  savedCents: number | null;
  /** Rows under a rate rule that no rate fits (the batch would be refused naming them). */
  unratedCount: number;
  balanceCents: number;
  submitting: boolean;
  error: string | null;
  onSubmit: () => void;
}

const count = (value: number): string => value.toLocaleString('en-US');

const Figure = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }): ReactElement => (
  <Box minW="0">
    <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
      {label}
    </Text>
    <Text textStyle={{ base: 'md', md: 'xl' }} fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={testId} whiteSpace="nowrap">
      {children}
    </Text>
  </Box>
);

interface FooterNoteProps {
  rowCount: number;
  notPriced: number;
  leftOutCount: number;
  priceFailure: string | null;
  /** How far the balance falls short of the total, when it does. */
  shortBy: number | null;
}

/** The one thing to know under the figures: upload, the price failure, the shortfall, the rows left out or not priced. */
const FooterNote = ({ rowCount, notPriced, leftOutCount, priceFailure, shortBy }: FooterNoteProps): ReactElement => {
  if (rowCount === 0) return <Text color="fg.muted">Upload a file to see the total.</Text>;
  if (priceFailure) {
    return (
      <Text color="fg.error" data-testid="bulk-price-failure">
        Price calculation failed: {priceFailure}
      </Text>
    );
  }
  if (shortBy !== null) {
    return (
      <Text color="fg.error" fontWeight="medium" data-testid="bulk-shortfall">
        Your balance is {formatCents(shortBy)} short of this order.{' '}
        <Link asChild color="fg.error" textDecoration="underline" fontWeight="semibold">
          <RouterLink to="/main/deposit">Add {formatCents(shortBy)} on the Deposit page</RouterLink>
        </Link>
      </Text>
    );
  }
  const notPricedNote = notPriced > 0 ? <Text color="fg.muted">{count(notPriced)} row(s) need a service and a weight before they can be priced.</Text> : null;
  if (leftOutCount > 0) {
    return (
      <>
        <Text color="status.stuck.fg" fontWeight="medium" data-testid="bulk-left-out-note">
          {leftOutCount === 1 ? '1 order already shipped will be left out' : `${count(leftOutCount)} orders already shipped will be left out`}. Tick
          “Buy another label” on a row to buy it again.
        </Text>
        {notPricedNote}
      </>
    );
  }
  return notPricedNote ?? <Text color="fg.muted">The total is held on your balance when you submit; failed labels are refunded.</Text>;
};

type FiguresProps = Pick<BulkFooterProps, 'rowCount' | 'invalidCount' | 'totalCents' | 'pricing' | 'balanceCents'> & { short: boolean };

/** Rows (and how many have errors), the live total, and the balance (red when short). */
const Figures = ({ rowCount, invalidCount, totalCents, pricing, balanceCents, short }: FiguresProps): ReactElement => (
  <Flex gap={{ base: '4', md: '8' }} wrap="wrap" align="flex-end">
    <Figure label="Rows" testId="bulk-row-count">
      {invalidCount > 0 ? (
        <>
          {count(rowCount)}{' '}
          <Text as="span" textStyle="sm" color="fg.error" fontWeight="medium">
            ({count(invalidCount)} with errors)
          </Text>
        </>
      ) : (
        count(rowCount)
      )}
    </Figure>
    <Figure label="Total" testId="bulk-total">
      <Flex as="span" align="center" gap="2">
        <span data-pricing={pricing || undefined}>{formatCents(rowCount === 0 ? 0 : totalCents)}</span>
        {pricing && <Spinner size="xs" color="fg.muted" role="status" aria-label="Updating price" />}
      </Flex>
    </Figure>
    <Figure label="Balance" testId="bulk-balance">
      <Text as="span" color={short ? 'fg.error' : undefined}>
        {formatCents(balanceCents)}
      </Text>
    </Figure>
  </Flex>
);

/** What the rate rule saves, and the rows it cannot serve: shown while any row is under a rule. */
const RuleSummary = ({ savedCents, unratedCount, pricing }: { savedCents: number; unratedCount: number; pricing: boolean }): ReactElement => (
  <Text textStyle="sm" data-testid="bulk-saved" data-pricing={pricing || undefined}>
    <Text as="span" color="status.completed.fg" fontWeight="semibold">
      Saved {formatCents(savedCents)} against the dearest rates
    </Text>
    {unratedCount > 0 && (
      <Text as="span" color="fg.error" fontWeight="medium">
        {' '}
        · {count(unratedCount)} row(s) have no rate the rule accepts
      </Text>
    )}
  </Text>
);

/** Stays at the bottom of the screen: rows, the live total against the balance, and the submit button. */
export const BulkFooter = (props: BulkFooterProps): ReactElement => {
  const { rowCount, pricedCount, leftOutCount, totalCents, pricing, priceFailure, savedCents, unratedCount, balanceCents, submitting, error, onSubmit } = props;
  const shortBy = totalCents - balanceCents;
  const short = rowCount > 0 && !pricing && shortBy > 0;
  const nothingToBuy = rowCount > 0 && leftOutCount === rowCount;
  const buying = useBuyBlockedByTestMode();

  return (
    <StickyBuyBar error={error}>
      <Flex align={{ base: 'stretch', md: 'center' }} justify="space-between" gap={{ base: '3', md: '6' }} direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0" flex="1" aria-live="polite">
          <Figures {...props} short={short} />
          {savedCents !== null && rowCount > 0 && <RuleSummary savedCents={savedCents} unratedCount={unratedCount} pricing={pricing} />}
          {/* On a phone only what needs acting on is shown; the bar must leave room for the table. */}
          <Box textStyle="sm" display={{ base: short || priceFailure || leftOutCount > 0 ? 'block' : 'none', md: 'block' }}>
            <FooterNote
              rowCount={rowCount}
              notPriced={rowCount - leftOutCount - pricedCount}
              leftOutCount={leftOutCount}
              priceFailure={priceFailure}
              shortBy={short ? shortBy : null}
            />
          </Box>
        </Stack>
        <Button
          size={{ base: 'sm', md: 'lg' }}
          onClick={onSubmit}
          loading={submitting}
          loadingText="Submitting"
          disabled={submitting || rowCount === 0 || short || nothingToBuy || buying.blocked}
          aria-describedby={buying.describedBy}
          minW={{ base: 'full', md: '52' }}
          flexShrink={0}
        >
          <PrinterIcon />
          Submit Bulk Order
        </Button>
      </Flex>
    </StickyBuyBar>
  );
};
