import { Alert, Button, GridItem, HStack, Text } from '@chakra-ui/react';
import type { AddressVerificationResult } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { addressLine, useAddressVerification, type AddressSuggestion as Suggestion } from '../../../services/orders/verify-address';
import type { PartyPrefix } from '../../../services/orders/create-order';
import type { OrderFormApi } from './use-order-form';

/**
 * Issue 26: under a party's fields (a row of its grid), the offline warnings (a city other than the ZIP's usual one), and
 * the carrier's standardized address, "Did you mean …?" with one click to take it, or a warning when the carrier finds
 * no such address (only when the server asks a carrier).
 */
export const AddressSuggestion = ({ prefix, form }: { prefix: PartyPrefix; form: OrderFormApi }): ReactElement | null => {
  const values = form.values;
  const answer = useAddressVerification({
    street1: values[`${prefix}_address1`],
    street2: values[`${prefix}_address2`],
    city: values[`${prefix}_city`],
    state: values[`${prefix}_state_province`],
    zip: values[`${prefix}_zip_postal`],
  }).data;
  const warnings = answer?.warnings ?? [];
  const verification = answer?.verification ?? null;
  const advice = !verification || verification.verdict === 'ok' ? null : <CarrierAdvice prefix={prefix} form={form} verification={verification} />;
  if (warnings.length === 0) return advice;
  return (
    <>
      <GridItem colSpan={2}>
        <Alert.Root status="warning" variant="subtle" size="sm" data-testid={`${prefix}-address-warning`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check the city</Alert.Title>
            <Alert.Description>{warnings.join(' ')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </GridItem>
      {advice}
    </>
  );
};

/** The carrier's own view: not found, or its standardized address to take in one click. */
const CarrierAdvice = ({ prefix, form, verification }: { prefix: PartyPrefix; form: OrderFormApi; verification: AddressVerificationResult }): ReactElement | null => {

  if (verification.verdict === 'undeliverable') {
    return (
      <GridItem colSpan={2}>
        <Alert.Root status="warning" variant="subtle" size="sm" data-testid={`${prefix}-address-undeliverable`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The carrier could not find this address</Alert.Title>
            {verification.messages.length > 0 ? <Alert.Description>{verification.messages.join(' ')}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      </GridItem>
    );
  }

  const suggestion = verification.suggestion;
  if (!suggestion) return null;
  const accept = (chosen: Suggestion) =>
    form.patchValues({
      [`${prefix}_address1`]: chosen.street1,
      [`${prefix}_address2`]: chosen.street2 ?? '',
      [`${prefix}_city`]: chosen.city,
      [`${prefix}_state_province`]: chosen.state,
      [`${prefix}_zip_postal`]: chosen.zip,
    });
  return (
    <GridItem colSpan={2}>
      <Alert.Root status="info" variant="subtle" size="sm" data-testid={`${prefix}-address-suggestion`}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Did you mean {addressLine(suggestion)}?</Alert.Title>
          <HStack mt="1.5" gap="3" flexWrap="wrap">
            <Button size="xs" colorPalette="brand" onClick={() => accept(suggestion)}>
              Accept
            </Button>
            {verification.messages.length > 0 ? <Text textStyle="xs">{verification.messages.join(' ')}</Text> : null}
          </HStack>
        </Alert.Content>
      </Alert.Root>
    </GridItem>
  );
};
