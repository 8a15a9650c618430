import { Field, Input } from '@chakra-ui/react';
import { COUNTRY_OPTIONS, provincesOf } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { SelectField, UsStateOptions } from '../../../components/ui/select-field';
import type { PartyPrefix } from '../../../services/orders/create-order';
import type { OrderFormApi } from './use-order-form';
import { ZipField } from './zip-field';

/**
 * The receiver's country (any, named as i18n-iso-countries names it), then its state or province and postal code by
 * that country's rules (decision 098): a US state and ZIP at home, a province select where the country has them
 * (Canada, Australia, Mexico…), free text elsewhere; the postal code's shape is the contract's, checked as one types.
 */
const ReceiverCountryField = ({ form }: { form: OrderFormApi }): ReactElement => (
  <SelectField
    label="Country"
    required
    name="receiver_country"
    value={form.values.receiver_country}
    state={form.fieldState('receiver_country')}
    // Another country's provinces are not this one's: the province starts over.
    onChange={(value) => form.patchValues({ receiver_country: value, receiver_state_province: '' })}
  >
    {COUNTRY_OPTIONS.map((country) => (
      <option key={country.code} value={country.code}>
        {country.name}
      </option>
    ))}
  </SelectField>
);

/** The sender's state and ZIP: labels ship from the US. */
const SenderRegionFields = ({ form }: { form: OrderFormApi }): ReactElement => (
  <>
    <SelectField
      label="State"
      required
      name="sender_state_province"
      value={form.values.sender_state_province}
      placeholder="Select a state"
      state={form.fieldState('sender_state_province')}
      onChange={(value) => form.setValue('sender_state_province', value)}
    >
      <UsStateOptions />
    </SelectField>
    <ZipField prefix="sender" form={form} />
  </>
);

const ReceiverRegionFields = ({ form }: { form: OrderFormApi }): ReactElement => {
  const country = form.values.receiver_country;
  const provinces = provincesOf(country);
  const state = form.fieldState('receiver_state_province');
  const setProvince = (value: string) => form.setValue('receiver_state_province', value);
  if (country === 'US') {
    return (
      <>
        <SelectField label="State" required name="receiver_state_province" value={form.values.receiver_state_province} placeholder="Select a state" state={state} onChange={setProvince}>
          <UsStateOptions />
        </SelectField>
        <ZipField prefix="receiver" form={form} />
      </>
    );
  }
  return (
    <>
      {provinces.length > 0 ? (
        <SelectField label="Province" required name="receiver_state_province" value={form.values.receiver_state_province} placeholder="Select a province" state={state} onChange={setProvince}>
          {provinces.map((province) => (
            <option key={province.code} value={province.code}>
              {province.code} — {province.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <FormField label="State or province" autoComplete="off" state={state} {...form.field('receiver_state_province')} />
      )}
      <FormField label="Postal code" autoComplete="off" state={form.fieldState('receiver_zip_postal')} {...form.field('receiver_zip_postal')} />
    </>
  );
};

/** A party's state or province and ZIP or postal code, by its country's rules. */
export const PartyRegionFields = ({ prefix, form }: { prefix: PartyPrefix; form: OrderFormApi }): ReactElement =>
  prefix === 'receiver' ? <ReceiverRegionFields form={form} /> : <SenderRegionFields form={form} />;

/** The receiver's country is any; the sender's is the US, shown but not changeable. */
export const PartyCountryField = ({ prefix, form }: { prefix: PartyPrefix; form: OrderFormApi }): ReactElement =>
  prefix === 'receiver' ? (
    <ReceiverCountryField form={form} />
  ) : (
    <Field.Root disabled>
      <Field.Label>Country</Field.Label>
      <Input value="United States" readOnly />
      <Field.HelperText>Labels ship from the US.</Field.HelperText>
    </Field.Root>
  );
