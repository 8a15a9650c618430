import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { COUNTRY_GROUP_NAMES, COUNTRY_GROUPS, countryGroupSchema } from '@labeldesk/contracts';
import type { CountryGroup, GroupPricesBody, PriceTier, Service } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { errorMessage } from '../../libs/http-client';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { groupStartingTiers } from './group-prices-text';
import { PriceTiersEditor, tiersKey } from './price-tiers-editor';
import { notifyShippingServiceSaved } from './shipping-service-toasts';

const GroupDialogFooter = (props: { group: CountryGroup; hasTiers: boolean; clearing: boolean; onClear: () => void; onClose: () => void }): ReactElement => (
  <Dialog.Footer>
    <HStack justify="space-between" w="full">
      <Button variant="outline" colorPalette="red" size="sm" disabled={!props.hasTiers} loading={props.clearing} onClick={props.onClear}>
        Clear {COUNTRY_GROUP_NAMES[props.group]} prices
      </Button>
      <Button variant="outline" colorPalette="gray" size="sm" onClick={props.onClose}>
        Close
      </Button>
    </HStack>
  </Dialog.Footer>
);

interface GroupPricesDialogProps {
  shippingService: Service;
  open: boolean;
  onClose: () => void;
  /** Resolves once the server saved the group's tiers; rejects with its answer otherwise. */
  onSave: (body: GroupPricesBody) => Promise<unknown>;
  /** Under the title: whose prices these are. */
  description: string;
}

/**
 * One country group's weight tiers at a time (decision 116): the group chosen, its ranges edited and checked as typed
 * by the contract's rules (the tiers editor), the server's refusal shown above them. Clearing a group sends no tiers:
 * its labels are priced by the service's own pricing again.
 */
export const GroupPricesDialog = ({ shippingService, open, onClose, onSave, description }: GroupPricesDialogProps): ReactElement => {
  const [group, setGroup] = useState<CountryGroup>('canada');
  const [serverError, setServerError] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const starting = groupStartingTiers(shippingService.groupPrices, group, shippingService.maxWeight);
  const hasTiers = (shippingService.groupPrices?.[group]?.length ?? 0) > 0;

  const send = async (prices: PriceTier[], done: string): Promise<boolean> => {
    setServerError(null);
    try {
      await onSave({ group, prices });
      notifyShippingServiceSaved(done);
      return true;
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to update the prices abroad'));
      return false;
    }
  };

  const clear = async () => {
    setClearing(true);
    await send([], `${COUNTRY_GROUP_NAMES[group]} is priced by the service's pricing again`);
    setClearing(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="md" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Prices abroad of {shippingService.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text textStyle="sm" color="fg.muted">
                  {description} A label to a country of a group with ranges is priced by them; other groups by the service's pricing. Never sold under the carrier's cost.
                </Text>
                <SelectField
                  label="Country group"
                  value={group}
                  size="sm"
                  onChange={(value) => {
                    setGroup(countryGroupSchema.catch('canada').parse(value));
                    setServerError(null);
                  }}
                >
                  {COUNTRY_GROUPS.map((option) => (
                    <option key={option} value={option}>
                      {COUNTRY_GROUP_NAMES[option]}
                      {(shippingService.groupPrices?.[option]?.length ?? 0) > 0 ? ' (priced)' : ''}
                    </option>
                  ))}
                </SelectField>
                <FormAlert message={serverError} />
                <PriceTiersEditor
                  key={`${group}|${tiersKey(starting)}`}
                  shippingServiceName={`${shippingService.name} to ${COUNTRY_GROUP_NAMES[group]}`}
                  maxWeight={shippingService.maxWeight}
                  prices={starting}
                  onSave={(prices) => send(prices, `Prices to ${COUNTRY_GROUP_NAMES[group]} updated successfully`)}
                />
              </Stack>
            </Dialog.Body>
            <GroupDialogFooter group={group} hasTiers={hasTiers} clearing={clearing} onClear={() => void clear()} onClose={onClose} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
