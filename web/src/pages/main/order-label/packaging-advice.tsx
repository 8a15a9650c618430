import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { Rate, RatePackaging } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { CarrierMark } from '../../../components/couriers/carrier-mark';
import { deliveryText } from './rate-choice';
import { RatePrice } from './rate-price';

const KIND_LABELS: Readonly<Record<RatePackaging['kind'], string>> = {
  own_box: 'Your box',
  cubic: 'Cubic',
  flat_rate_envelope: 'Flat Rate envelope',
  flat_rate_box: 'Flat Rate box',
  soft_pack: 'Soft pack',
};

const AdviceRow = ({ rate, packaging }: { rate: Rate; packaging: RatePackaging }): ReactElement => (
  <Flex as="li" gap={{ base: '2', sm: '3' }} align="center" py="2.5" px="3" borderWidth="1px" borderStyle="dashed" rounded="l2" data-testid="packaging-option">
    <CarrierMark carrier={rate.carrier} />
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
    <RatePrice rate={rate} testId="packaging-price" />
  </Flex>
);

/**
 * Cheaper packaging for the parcel (USPS Cubic, a Flat Rate envelope or box), each with why it is cheaper. An order
 * cannot buy packaging yet, so these are advice, said plainly and kept out of the list that sets the service.
 */
export const PackagingAdvice = ({ rates }: { rates: readonly Rate[] }): ReactElement | null => {
  if (rates.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="packaging-advice-heading" mt="4" data-testid="packaging-advice">
      <Heading as="h3" size="sm" id="packaging-advice-heading">
        Cheaper packaging
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="2">
        Advice only: this form buys labels for your own box, at the rates above. These prices need USPS&apos;s Cubic pricing or its
        own Flat Rate packaging, which cannot be bought here yet.
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" m="0">
        {rates.map((rate) => rate.packaging && <AdviceRow key={`${rate.offeringUid}-${rate.packaging.name}`} rate={rate} packaging={rate.packaging} />)}
      </Stack>
    </Box>
  );
};
