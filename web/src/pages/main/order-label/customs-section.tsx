import { Button, Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { CONTENTS_TYPES, COUNTRY_OPTIONS, contentsTypeSchema, countryName, NON_DELIVERY_OPTIONS, nonDeliveryOptionSchema, type FieldIssue } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import type { FieldState } from '../../../hooks/use-zod-form';
import { customsIssue, type CustomsFormApi } from './use-customs-form';

const CONTENTS_NAMES: Readonly<Record<(typeof CONTENTS_TYPES)[number], string>> = {
  merchandise: 'Merchandise',
  gift: 'Gift',
  documents: 'Documents',
  sample: 'Commercial sample',
  returned_goods: 'Returned goods',
  other: 'Other',
};
const NON_DELIVERY_NAMES: Readonly<Record<(typeof NON_DELIVERY_OPTIONS)[number], string>> = { return: 'Return to me', abandon: 'Abandon' };

/** A field's state from the server's message for it (the contract's words), if any. */
const stateOf = (message: string | undefined): FieldState => ({ invalid: message !== undefined, message });

/** One item of the declaration: what it is, how many, its line's value and weight, its HS number and origin. */
const CustomsItemFields = ({ customs, index, at }: { customs: CustomsFormApi; index: number; at: (path: string) => FieldState }): ReactElement => {
  const item = customs.items[index] ?? { description: '', quantity: '', value: '', weight_lb: '', hs_tariff_number: '', origin_country: '' };
  return (
    <Stack as="fieldset" gap="2" borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Text as="legend" fontWeight="semibold" px="1">
        Item {index + 1}
      </Text>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }} gap="3" alignItems="start">
        <FormField label="Description" required name={`customs_item_${index}_description`} value={item.description} onChange={(event) => customs.setItem(index, { description: event.target.value })} state={at(`items.${index}.description`)} />
        <FormField label="Quantity" required inputMode="numeric" name={`customs_item_${index}_quantity`} value={item.quantity} onChange={(event) => customs.setItem(index, { quantity: event.target.value })} state={at(`items.${index}.quantity`)} />
        <FormField label="Value (USD)" required inputMode="decimal" name={`customs_item_${index}_value`} value={item.value} onChange={(event) => customs.setItem(index, { value: event.target.value })} state={at(`items.${index}.value_cents`)} />
        <FormField label="Weight (lb)" required inputMode="decimal" name={`customs_item_${index}_weight`} value={item.weight_lb} onChange={(event) => customs.setItem(index, { weight_lb: event.target.value })} state={at(`items.${index}.weight_lb`)} />
        <FormField label="HS tariff number" name={`customs_item_${index}_hs`} placeholder="6109.10" value={item.hs_tariff_number} onChange={(event) => customs.setItem(index, { hs_tariff_number: event.target.value })} state={at(`items.${index}.hs_tariff_number`)} />
        <SelectField label="Made in" name={`customs_item_${index}_origin`} value={item.origin_country} onChange={(value) => customs.setItem(index, { origin_country: value })} state={at(`items.${index}.origin_country`)}>
          {COUNTRY_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
      </Grid>
      {customs.items.length > 1 && (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => customs.removeItem(index)}>
          Remove item {index + 1}
        </Button>
      )}
    </Stack>
  );
};

interface CustomsSectionProps {
  customs: CustomsFormApi;
  country: string;
  /** The server's refusal, field by field: those under `customs` show on their fields. */
  issues: readonly FieldIssue[];
}

/** What is in the parcel, for the customs form the carrier prints with the label (decision 098): shown when needed. */
export const CustomsSection = ({ customs, country, issues }: CustomsSectionProps): ReactElement | null => {
  if (!customs.needed) return null;
  const at = (path: string) => stateOf(customsIssue(issues, path));
  return (
    <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby="customs-heading" minW="0">
      <Card.Header pb="2">
        <Heading as="h2" size="md" id="customs-heading">
          Customs
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          A label to {country === 'US' ? 'this address' : countryName(country)} carries a customs form: list every item. Value and weight are each line&apos;s totals.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }} gap="4" alignItems="start">
            <SelectField label="Contents" name="customs_contents_type" value={customs.contentsType} onChange={(value) => customs.setContentsType(contentsTypeSchema.catch('merchandise').parse(value))}>
              {CONTENTS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CONTENTS_NAMES[type]}
                </option>
              ))}
            </SelectField>
            <SelectField label="If undeliverable" name="customs_non_delivery" value={customs.nonDelivery} onChange={(value) => customs.setNonDelivery(nonDeliveryOptionSchema.catch('return').parse(value))}>
              {NON_DELIVERY_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {NON_DELIVERY_NAMES[option]}
                </option>
              ))}
            </SelectField>
            <FormField label="Signed by" required name="customs_signer" autoComplete="name" value={customs.signer} onChange={(event) => customs.setSigner(event.target.value)} state={at('signer')} />
          </Grid>
          {customs.contentsType === 'other' && (
            <FormField label="Explain the contents" required name="customs_contents_explanation" value={customs.contentsExplanation} onChange={(event) => customs.setContentsExplanation(event.target.value)} state={at('contents_explanation')} />
          )}
          {customs.items.map((_item, index) => (
            <CustomsItemFields key={index} customs={customs} index={index} at={at} />
          ))}
          <Button size="sm" variant="outline" colorPalette="brand" alignSelf="start" onClick={customs.addItem}>
            Add an item
          </Button>
          {customs.itnNeeded && (
            <FormField
              label="ITN (AES filing)"
              name="customs_itn"
              placeholder="X20260115123456"
              value={customs.itn}
              onChange={(event) => customs.setItn(event.target.value)}
              state={at('itn')}
              helperText="An item line worth over $2,500 must be filed in AESDirect before it ships; enter the ITN it gives."
            />
          )}
          {customsIssue(issues, '') ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {customsIssue(issues, '')}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
