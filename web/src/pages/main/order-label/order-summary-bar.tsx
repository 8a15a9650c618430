import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { StickyBuyBar } from '../../../components/layout/sticky-buy-bar';
import { useBuyBlockedByTestMode } from '../../../components/layout/test-mode';
import { PrinterIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';

interface OrderSummaryBarProps {
  serviceName: string;
  /** The weight the price was asked for, in pounds. */
  weightLb: number;
  /** Null: the service is priced from the carrier's rate for the parcel (compare rates to see it). */
  priceCents: number | null | undefined;
  pricing: boolean;
  submitting: boolean;
  error: string | null | undefined;
}

/** Sticks to the bottom of the screen so the live price and the button are always in reach. */
export const OrderSummaryBar = ({ serviceName, weightLb, priceCents, pricing, submitting, error }: OrderSummaryBarProps): ReactElement => {
  const buying = useBuyBlockedByTestMode();
  return (
    <StickyBuyBar error={error}>
      <Flex align="center" justify="space-between" gap={{ base: '3', md: '4' }}>
        <Box minW="0" aria-live="polite">
          <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
            Price
          </Text>
          {serviceName ? (
            <Flex align="baseline" gap="2" wrap="wrap">
              <Text
                textStyle={{ base: 'xl', md: '2xl' }}
                fontWeight="semibold"
                fontVariantNumeric="tabular-nums"
                data-testid="live-price"
                data-priced-weight={weightLb}
                data-pricing={pricing || undefined}
              >
                {priceCents === undefined ? '--' : priceCents === null ? 'Carrier rate' : formatCents(priceCents)}
              </Text>
              {priceCents === null && (
                <Text textStyle="xs" color="fg.muted" data-testid="priced-from-rate">
                  Priced from the carrier&apos;s rate for this parcel: Compare rates shows it.
                </Text>
              )}
              {pricing && <Spinner size="xs" color="fg.muted" aria-label="Updating price" />}
              <Text textStyle="sm" color="fg.muted" truncate display={{ base: 'none', sm: 'block' }}>
                {serviceName} · {weightLb} lb
              </Text>
            </Flex>
          ) : (
            <Text textStyle="sm" color="fg.muted" py={{ base: '0', md: '1.5' }}>
              Choose a service to see the price.
            </Text>
          )}
        </Box>
        <Button
          type="submit"
          size={{ base: 'md', md: 'lg' }}
          loading={submitting}
          loadingText="Creating label"
          disabled={submitting || buying.blocked}
          aria-describedby={buying.describedBy}
          minW={{ base: '36', md: '44' }}
          flexShrink={0}
        >
          <PrinterIcon />
          Order Label
        </Button>
      </Flex>
    </StickyBuyBar>
  );
};
