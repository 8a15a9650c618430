import { Button, Checkbox, Fieldset, Flex, Link, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { AvailableService, LabelFormat, SavedAddress } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SelectField } from '../../../components/ui/select-field';
import { RateRuleSetting } from './rate-rule-setting';
import type { RateRuleChoice } from './use-rate-rule';

export type LoadState = 'loading' | 'error' | 'ready';

export interface BulkSettingsProps extends Omit<RateRuleChoice, 'rateRule'> {
  services: readonly AvailableService[];
  servicesState: LoadState;
  serviceName: string;
  onServiceChange: (name: string) => void;
  /** Sets the chosen service on every row, replacing the file's own. */
  onApplyToAll: () => void;
  rowCount: number;
  addresses: readonly SavedAddress[];
  addressesState: LoadState;
  senderId: string;
  onSenderChange: (id: string) => void;
  labelFormat: LabelFormat;
  onLabelFormatChange: (format: LabelFormat) => void;
  sortBySku: boolean;
  onSortBySkuChange: (sort: boolean) => void;
  disabled: boolean;
}

const serviceHelp = (state: LoadState, count: number): string => {
  if (state === 'loading') return 'Loading services…';
  if (state === 'error') return 'Error loading services. Reload the page to try again.';
  if (count === 0) return 'No services are available to you yet. Contact support.';
  return "Fills rows without a service; a CSV's own services are kept.";
};

const SenderHelp = ({ state, count }: { state: LoadState; count: number }): ReactElement => {
  if (state === 'loading') return <>Loading saved addresses…</>;
  if (state === 'error') return <>Saved addresses could not be loaded.</>;
  if (count === 0) {
    return (
      <>
        An Amazon file has no sender.{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to="/main/address">Add an address first</RouterLink>
        </Link>
      </>
    );
  }
  return <>The From address of every Amazon row.</>;
};

const addressLabel = (address: SavedAddress): string => `${address.address_id} — ${address.name}, ${address.city} ${address.state}`;

/** The batch's service, and the button that puts it on every row. */
const ServiceSetting = ({ services, servicesState, serviceName, onServiceChange, onApplyToAll, rowCount, disabled }: BulkSettingsProps): ReactElement => (
  <Stack gap="1.5">
    <SelectField
      label="Service"
      value={serviceName}
      placeholder="Select a service"
      disabled={disabled || servicesState !== 'ready' || services.length === 0}
      helperText={serviceHelp(servicesState, services.length)}
      onChange={onServiceChange}
    >
      {services.map((service) => (
        <option key={service.uid} value={service.name}>
          {service.name} (max {service.maxWeight} lb)
        </option>
      ))}
    </SelectField>
    {serviceName !== '' && rowCount > 0 && (
      <Flex>
        <Button size="xs" variant="outline" colorPalette="gray" onClick={onApplyToAll} disabled={disabled}>
          Use {serviceName} for all {rowCount.toLocaleString('en-US')} rows
        </Button>
      </Flex>
    )}
  </Stack>
);

const SenderSetting = ({ addresses, addressesState, senderId, onSenderChange, disabled }: BulkSettingsProps): ReactElement => (
  <Stack gap="1.5">
    <SelectField
      label="Sender for Amazon files"
      value={senderId}
      placeholder={addresses.length === 0 ? 'No saved addresses' : undefined}
      disabled={disabled || addresses.length === 0}
      onChange={onSenderChange}
    >
      {addresses.map((address) => (
        <option key={address._id} value={address._id}>
          {addressLabel(address)}
        </option>
      ))}
    </SelectField>
    <Text textStyle="xs" color="fg.muted">
      <SenderHelp state={addressesState} count={addresses.length} />
    </Text>
  </Stack>
);

const FORMATS: ReadonlyArray<{ value: LabelFormat; text: string }> = [
  { value: '4x6', text: '4x6 (thermal)' },
  { value: 'letter_2up', text: '8.5x11 (2 per page)' },
  { value: 'zpl', text: 'ZPL (thermal printer)' },
];

const LabelFormatSetting = ({ labelFormat, onLabelFormatChange, disabled }: BulkSettingsProps): ReactElement => (
  <Fieldset.Root disabled={disabled} gap="0">
    <Fieldset.Legend textStyle="sm" fontWeight="medium" mb="1.5">
      Label format
    </Fieldset.Legend>
    <RadioGroup.Root
      size="sm"
      value={labelFormat}
      onValueChange={(details) => onLabelFormatChange(details.value === 'letter_2up' || details.value === 'zpl' ? details.value : '4x6')}
      disabled={disabled}
    >
      <Flex gap="4" wrap="wrap">
        {FORMATS.map((format) => (
          <RadioGroup.Item key={format.value} value={format.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{format.text}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  </Fieldset.Root>
);

/** The choices that apply to the whole batch: service, Amazon sender, the rate rule, and how the labels are printed. */
export const BulkSettings = (props: BulkSettingsProps): ReactElement => (
  <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '5' }} alignItems="start">
    <ServiceSetting {...props} />
    <SenderSetting {...props} />
    <RateRuleSetting {...props} />
    <LabelFormatSetting {...props} />
    <Stack gap="1.5" pt={{ base: '0', md: '7' }}>
      <Checkbox.Root size="sm" checked={props.sortBySku} onCheckedChange={(details) => props.onSortBySkuChange(details.checked === true)} disabled={props.disabled}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Sort labels by SKU</Checkbox.Label>
      </Checkbox.Root>
      <Text textStyle="xs" color="fg.muted">
        Prints the labels of one SKU together, so the shelf is walked once.
      </Text>
    </Stack>
  </SimpleGrid>
);
