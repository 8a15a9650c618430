import { Badge, Box, Flex, Heading, RadioCard, Stack, Text } from '@chakra-ui/react';
import type { Rate, RatePackaging } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { CarrierMark } from '../../../components/couriers/carrier-mark';
import { deliveryText, rateKey } from './rate-choice';
import { RatePrice } from './rate-price';

const KIND_LABELS: Readonly<Record<RatePackaging['kind'], string>> = {
  own_box: 'Your box',
  cubic: 'Cubic',
  flat_rate_envelope: 'Flat Rate envelope',
  flat_rate_box: 'Flat Rate box',
  soft_pack: 'Soft pack',
};

/** The packaging by name ("Priority Mail Medium Flat Rate Box"), its kind, the service and days, and why it is cheaper. */
const PackagingDetails = ({ rate, packaging }: { rate: Rate; packaging: RatePackaging }): ReactElement => (
  <Stack gap="0.5" flex="1" minW="0">
    <Text fontWeight="medium" data-testid="packaging-name">
      {packaging.name}
    </Text>
    <Flex gap="1.5" align="center" wrap="wrap" textStyle="sm" color="fg.muted">
      <Badge colorPalette="teal" variant="outline" size="sm">
        {KIND_LABELS[packaging.kind]}
      </Badge>
      <Text as="span">
        {rate.service} · {deliveryText(rate)}
      </Text>
    </Flex>
    {packaging.reason && (
      <Text textStyle="sm" color="fg" data-testid="packaging-reason">
        {packaging.reason}
      </Text>
    )}
  </Stack>
);

/** A packaging rate to choose, in the comparison's radio group: the label is then bought in that packaging. */
const PackagingRateRow = ({ rate, packaging }: { rate: Rate; packaging: RatePackaging }): ReactElement => (
  <RadioCard.Item value={rateKey(rate)} data-testid="packaging-option">
    <RadioCard.ItemHiddenInput />
    <RadioCard.ItemControl alignItems="center" gap={{ base: '2', sm: '3' }} py="2.5" px="3">
      <RadioCard.ItemIndicator />
      <CarrierMark carrier={rate.carrier} />
      <PackagingDetails rate={rate} packaging={packaging} />
      <RatePrice rate={rate} testId="packaging-price" />
    </RadioCard.ItemControl>
  </RadioCard.Item>
);

/**
 * Cheaper packaging for the parcel (USPS Cubic, a Flat Rate envelope or box), each with why it is cheaper, to choose
 * like any rate; inside the comparison's radio group. The seller must then pack the parcel so.
 */
export const PackagingRates = ({ rates }: { rates: readonly Rate[] }): ReactElement | null => {
  if (rates.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="packaging-rates-heading" mt="4" data-testid="packaging-rates">
      <Heading as="h3" size="sm" id="packaging-rates-heading">
        Cheaper packaging
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="2">
        The same service for less in USPS&apos;s own Flat Rate packaging or at its Cubic price. Choose one to buy the label so, and
        pack the parcel in it: a Flat Rate label is for that envelope or box only.
      </Text>
      <Stack gap="2">{rates.map((rate) => rate.packaging && <PackagingRateRow key={rateKey(rate)} rate={rate} packaging={rate.packaging} />)}</Stack>
    </Box>
  );
};

/** Cheaper packaging no label carrier here sells: shown as advice, plainly, outside the rates to choose. */
export const PackagingAdvice = ({ rates }: { rates: readonly Rate[] }): ReactElement | null => {
  if (rates.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="packaging-advice-heading" mt="4" data-testid="packaging-advice">
      <Heading as="h3" size="sm" id="packaging-advice-heading">
        Cheaper packaging elsewhere
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="2">
        Advice only: no carrier here sells these, so they cannot be bought on this form.
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" m="0">
        {rates.map(
          (rate) =>
            rate.packaging && (
              <Flex as="li" key={rateKey(rate)} gap={{ base: '2', sm: '3' }} align="center" py="2.5" px="3" borderWidth="1px" borderStyle="dashed" rounded="l2">
                <CarrierMark carrier={rate.carrier} />
                <PackagingDetails rate={rate} packaging={rate.packaging} />
                <RatePrice rate={rate} />
              </Flex>
            ),
        )}
      </Stack>
    </Box>
  );
};
