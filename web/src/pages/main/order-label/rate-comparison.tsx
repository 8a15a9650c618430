import { Alert, Badge, Card, Flex, Heading, RadioCard, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Rate } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { CarrierMark } from '../../../components/couriers/carrier-mark';
import type { ComparisonState } from './comparison-state';
import { PackagingAdvice, PackagingRates } from './packaging-rates';
import { RatePrice } from './rate-price';
import { deliveryText, ownBoxRates, packagingAdvice, packagingRates, rateKey, tagLabel } from './rate-choice';

interface RateComparisonProps {
  state: ComparisonState;
  /** The rate the form would buy (its rateKey), when the comparison lists it. */
  chosenKey: string | null;
  onChoose: (rate: Rate) => void;
}

const TAG_PALETTES = { cheapest: 'green', fastest: 'blue', 'best value': 'purple' } as const;

const RateRow = ({ rate }: { rate: Rate }): ReactElement => (
  <RadioCard.Item value={rateKey(rate)} data-testid="rate-option">
    <RadioCard.ItemHiddenInput />
    <RadioCard.ItemControl alignItems="center" gap={{ base: '2', sm: '3' }} py="2.5" px="3">
      <RadioCard.ItemIndicator />
      <CarrierMark carrier={rate.carrier} />
      <RadioCard.ItemContent flex="1" minW="0" gap="1">
        <RadioCard.ItemText fontWeight="medium" data-testid="rate-service">
          {rate.service}
        </RadioCard.ItemText>
        {/* Full opacity: the recipe fades descriptions, which takes the tags' colours below AA contrast. */}
        <RadioCard.ItemDescription as="div" opacity="1" color="fg.muted">
          <Flex gap="1.5" align="center" wrap="wrap">
            <Text as="span">{deliveryText(rate)}</Text>
            {rate.tags.map((tag) => (
              <Badge key={tag} colorPalette={TAG_PALETTES[tag]} variant="outline" size="sm" data-testid="rate-tag">
                {tagLabel(tag)}
              </Badge>
            ))}
          </Flex>
        </RadioCard.ItemDescription>
      </RadioCard.ItemContent>
      <RatePrice rate={rate} testId="rate-price" />
    </RadioCard.ItemControl>
  </RadioCard.Item>
);

const RateList = ({ rates, chosenKey, onChoose }: { rates: readonly Rate[] } & Omit<RateComparisonProps, 'state'>): ReactElement => (
  <RadioCard.Root
    size="sm"
    variant="outline"
    value={chosenKey}
    onValueChange={(details) => {
      const rate = rates.find((item) => rateKey(item) === details.value);
      if (rate) onChoose(rate);
    }}
  >
    <RadioCard.Label srOnly>Rates for this parcel</RadioCard.Label>
    <Stack gap="2">
      {ownBoxRates(rates).map((rate) => (
        <RateRow key={rateKey(rate)} rate={rate} />
      ))}
    </Stack>
    <PackagingRates rates={packagingRates(rates)} />
  </RadioCard.Root>
);

const Notice = ({ children }: { children: string }): ReactElement => (
  <Text textStyle="sm" color="fg.muted" data-testid="rates-notice">
    {children}
  </Text>
);

const ComparisonBody = ({ state, chosenKey, onChoose }: RateComparisonProps): ReactElement => {
  if (state.step === 'incomplete') return <Notice>Fill in the package size and weight and both addresses to compare prices and delivery times.</Notice>;
  if (state.step === 'loading') {
    return (
      <Stack gap="2" aria-hidden="true" data-testid="rates-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="14" rounded="l2" />
        ))}
      </Stack>
    );
  }
  if (state.step === 'error') {
    return (
      <Alert.Root status="warning" variant="subtle" size="sm" data-testid="rates-error">
        <Alert.Indicator />
        <Alert.Title>Rates could not be compared just now. Choose a service in Package Information: its price is shown below.</Alert.Title>
      </Alert.Root>
    );
  }
  if (ownBoxRates(state.rates).length === 0) return <Notice>No rates for this parcel yet: choose a service in Package Information.</Notice>;
  return (
    <>
      <RateList rates={state.rates} chosenKey={chosenKey} onChoose={onChoose} />
      <PackagingAdvice rates={packagingAdvice(state.rates)} />
    </>
  );
};

/** Issue 45: the carriers' rates for the parcel, cheapest first; choosing one sets the service the label is bought with. */
export const RateComparison = (props: RateComparisonProps): ReactElement => {
  const busy = props.state.step === 'loading' || (props.state.step === 'rates' && props.state.updating);
  return (
    <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby="rates-heading" aria-busy={busy} minW="0">
      <Card.Header pb="2">
        <Flex align="center" gap="2">
          <Heading as="h2" size="md" id="rates-heading">
            Compare rates
          </Heading>
          {busy && <Spinner size="xs" color="fg.muted" aria-label="Updating rates" />}
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          Your price and delivery time with each carrier, cheapest first. Choosing one sets the service.
        </Text>
      </Card.Header>
      <Card.Body>
        <ComparisonBody {...props} />
      </Card.Body>
    </Card.Root>
  );
};
