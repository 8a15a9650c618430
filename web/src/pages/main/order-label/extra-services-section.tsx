import { Card, Checkbox, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { MAX_DECLARED_VALUE_CENTS, SIGNATURE_NAMES, SIGNATURE_OPTIONS, signatureOptionSchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessage } from '../../../libs/http-client';
import { formatCents } from '../../../libs/format';
import type { ExtraServicesApi } from './use-extra-services';

/** The fees as the buyer reads them before buying, or why the service cannot have what was chosen. */
const FeesLine = ({ extras }: { extras: ExtraServicesApi }): ReactElement | null => {
  const { quote } = extras;
  if (!quote) return null;
  if (quote.isError) {
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        {errorMessage(quote.error, 'These extras could not be priced')}
      </Text>
    );
  }
  if (!quote.data) return <Text fontSize="sm" color="fg.muted">Pricing…</Text>;
  const parts = [
    extras.insured ? `Insurance ${formatCents(quote.data.insuranceCents)}` : null,
    extras.signature === 'none' ? null : `${SIGNATURE_NAMES[extras.signature]} ${formatCents(quote.data.signatureCents)}`,
  ].filter((part) => part !== null);
  return (
    <Text fontSize="sm" aria-live="polite" data-testid="extras-fees">
      {parts.join(' · ')} — {formatCents(quote.data.totalCents)} added to the label&apos;s price
    </Text>
  );
};

/** Insurance for a declared value and a signature at delivery, priced for the chosen service (decision 102). */
export const ExtraServicesSection = ({ extras }: { extras: ExtraServicesApi }): ReactElement => (
  <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby="extra-services-heading" minW="0">
    <Card.Header pb="2">
      <Heading as="h2" size="md" id="extra-services-heading">
        Insurance and signature
      </Heading>
    </Card.Header>
    <Card.Body>
      <Stack gap="3">
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4" alignItems="start">
          <Stack gap="2">
            <Checkbox.Root checked={extras.insured} onCheckedChange={(details) => extras.setInsured(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Insure this parcel</Checkbox.Label>
            </Checkbox.Root>
            {extras.insured && (
              <FormField
                label="Declared value (USD)"
                name="declared_value"
                inputMode="decimal"
                value={extras.declaredValue}
                onChange={(event) => extras.setDeclaredValue(event.target.value)}
                state={{ invalid: extras.valueProblem !== null && extras.declaredValue !== '', message: extras.declaredValue === '' ? undefined : (extras.valueProblem ?? undefined) }}
                helperText={`1 % of the value, at least $1.00; up to ${formatCents(MAX_DECLARED_VALUE_CENTS)}. Claims for loss or damage are filed under Claims.`}
              />
            )}
          </Stack>
          <SelectField
            label="Signature at delivery"
            name="signature"
            value={extras.signature}
            onChange={(value) => extras.setSignature(signatureOptionSchema.catch('none').parse(value))}
          >
            {SIGNATURE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SIGNATURE_NAMES[option]}
              </option>
            ))}
          </SelectField>
        </Grid>
        <FeesLine extras={extras} />
      </Stack>
    </Card.Body>
  </Card.Root>
);
