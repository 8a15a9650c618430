import { Card, GridItem, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import type { AvailableService, PackagePreset, Rate, SkuRecord } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { LabelFormatField } from './label-format-field';
import { PackagePresetPicker } from './package-preset-picker';
import { byCategory, serviceHelp, skuOptionText } from './package-options';
import type { LoadState } from './package-options';
import { courierOfChoice } from './rate-choice';
import type { OrderFormApi } from './use-order-form';

interface PackageSectionProps {
  form: OrderFormApi;
  services: readonly AvailableService[];
  servicesState: LoadState;
  /** The comparison's rates, which say whose service a name is (issue 45). */
  rates: readonly Rate[];
  skus: readonly SkuRecord[];
  skusState: LoadState;
  /** The seller's saved boxes (issue 45). */
  presets: readonly PackagePreset[];
  presetsState: LoadState;
}

const SkuHelp = ({ state, count }: { state: LoadState; count: number }): ReactElement => {
  if (state === 'loading') return <>Loading saved SKUs…</>;
  if (state === 'error') return <>Saved SKUs could not be loaded; type the package details instead.</>;
  if (count === 0) {
    return (
      <>
        No saved SKUs yet.{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/main/sku">Add one in SKU Management</RouterLink>
        </Link>
      </>
    );
  }
  return <>Fills size, weight, description and SKU.</>;
};

/** The services the user may buy, grouped by category; choosing one sets the weight limit. */
const ServiceSelect = ({ form, services, servicesState, rates }: Pick<PackageSectionProps, 'form' | 'services' | 'servicesState' | 'rates'>): ReactElement => (
  <SelectField
    label="Service"
    required
    name="service_name"
    value={form.values.service_name}
    placeholder="Please select a service"
    state={form.fieldState('service_name')}
    helperText={serviceHelp(servicesState, services.length, form.maxWeightLb)}
    disabled={servicesState !== 'ready' || services.length === 0}
    onChange={(name) => form.chooseService(name, services, courierOfChoice(name, services, rates))}
  >
    {byCategory(services).map(([category, group]) => (
      <optgroup key={category} label={category}>
        {group.map((service) => (
          <option key={service.uid} value={service.name}>
            {service.name}
          </option>
        ))}
      </optgroup>
    ))}
  </SelectField>
);

/** A saved SKU fills the package's size, weight, description and SKU. */
const SavedSkuPicker = ({ form, skus, skusState }: Pick<PackageSectionProps, 'form' | 'skus' | 'skusState'>): ReactElement => {
  const [pickedSku, setPickedSku] = useState('');
  return (
    <>
      <SelectField
        label="Saved SKU"
        value={pickedSku}
        placeholder={skus.length > 0 ? 'Choose a saved SKU' : 'No saved SKUs'}
        disabled={skus.length === 0}
        onChange={(id) => {
          setPickedSku(id);
          const sku = skus.find((item) => item._id === id);
          if (sku) form.fillFromSku(sku);
        }}
      >
        {skus.map((sku) => (
          <option key={sku._id} value={sku._id}>
            {skuOptionText(sku)}
          </option>
        ))}
      </SelectField>
      <Text textStyle="xs" color="fg.muted" mt="1.5">
        <SkuHelp state={skusState} count={skus.length} />
      </Text>
    </>
  );
};

export const PackageSection = ({ form, services, servicesState, rates, skus, skusState, presets, presetsState }: PackageSectionProps): ReactElement => {
  const { fieldState, field } = form;

  return (
    <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby="package-heading" minW="0">
      <Card.Header pb="2">
        <Heading as="h2" size="md" id="package-heading">
          Package Information
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
          <GridItem colSpan={{ base: 2, md: 2 }}>
            <ServiceSelect form={form} services={services} servicesState={servicesState} rates={rates} />
          </GridItem>
          <GridItem colSpan={{ base: 2, md: 2 }}>
            <SavedSkuPicker form={form} skus={skus} skusState={skusState} />
          </GridItem>
          <GridItem colSpan={{ base: 2, md: 2 }}>
            <PackagePresetPicker form={form} presets={presets} presetsState={presetsState} />
          </GridItem>
          <FormField label="Length (in)" required type="number" inputMode="decimal" min={0} step="0.1" state={fieldState('package_length')} {...field('package_length')} />
          <FormField label="Width (in)" required type="number" inputMode="decimal" min={0} step="0.1" state={fieldState('package_width')} {...field('package_width')} />
          <FormField label="Height (in)" required type="number" inputMode="decimal" min={0} step="0.1" state={fieldState('package_height')} {...field('package_height')} />
          <FormField
            label="Weight (lb)"
            required
            type="number"
            inputMode="decimal"
            min={0}
            max={form.maxWeightLb}
            step="0.1"
            state={fieldState('package_weight')}
            helperText={`Max ${form.maxWeightLb} lb`}
            {...field('package_weight')}
            onChange={(event) => form.setWeight(event.target.value)}
          />
          <FormField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step="1"
            state={fieldState('package_reference1')}
            {...field('package_reference1')}
            onChange={(event) => form.setQuantity(event.target.value)}
          />
          <FormField label="SKU" autoComplete="off" state={fieldState('package_reference2')} {...field('package_reference2')} />
          <GridItem colSpan={2}>
            <FormField label="Description" autoComplete="off" state={fieldState('package_description')} {...field('package_description')} />
          </GridItem>
          <LabelFormatField form={form} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
};
