import { Alert } from '@chakra-ui/react';
import { alreadyShippedWillBeLeftOutMessage, LABEL_FORMATS, type RateRule, type SavedAddress, type StoreBatchResponse } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessage } from '../../../libs/http-client';
import { useAddresses } from '../../../services/addresses/list-addresses';
import { useAvailableServices } from '../../../services/shipping-services/available-services';
import { useBuyStoreBatch } from '../../../services/stores/store-inbox';
import { InboxRuleFields, type RuleChoice } from './inbox-rule-fields';

const LABEL_FORMAT_NAMES: Record<(typeof LABEL_FORMATS)[number], string> = { '4x6': '4x6 in (thermal printer)', letter_2up: 'Letter, two a page', zpl: 'ZPL (thermal printer, raw)' };

const senderOf = (address: SavedAddress) => ({
  sender_name: address.name,
  sender_phone: address.phone,
  sender_company: address.company,
  sender_address1: address.street,
  sender_address2: address.street2,
  sender_city: address.city,
  sender_state_province: address.state,
  sender_zip_postal: address.zip,
  sender_country: address.country,
});

interface InboxBuyDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
  /** The orders selected, and of them those already shipped and not ticked "buy another label" (to be left out). */
  storeOrderIds: readonly string[];
  buyAnother: readonly string[];
  leftOutCount: number;
  onBought: (result: StoreBatchResponse) => void;
}

/**
 * Buys the selected orders as one batch (decision 113): the batch's rule (the cheapest, the cheapest within N days,
 * or one service), the sender from the address book, the labels' format. It says beforehand how many orders already
 * shipped will be left out; the answer's count (the server checks again) is what the page then shows.
 */
export const InboxBuyDialog = ({ userId, open, onClose, storeOrderIds, buyAnother, leftOutCount, onBought }: InboxBuyDialogProps): ReactElement => {
  const addresses = useAddresses(userId);
  const services = useAvailableServices(userId);
  const buy = useBuyStoreBatch();
  const [rule, setRule] = useState<RuleChoice>('cheapest');
  const [days, setDays] = useState('3');
  const [service, setService] = useState('');
  const [senderId, setSenderId] = useState('');
  const [labelFormat, setLabelFormat] = useState<(typeof LABEL_FORMATS)[number]>('4x6');
  // One id per opening of the dialog: a double click or a retry answers the same batch.
  const [batchId, setBatchId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const sender = addresses.data?.find((address) => address._id === senderId) ?? addresses.data?.[0];
  const toBuy = storeOrderIds.length - leftOutCount;

  const rateRule = (): RateRule | null => {
    if (rule === 'cheapest') return { kind: 'cheapest' };
    if (rule === 'service') return { kind: 'service' };
    const n = Number(days);
    return Number.isInteger(n) && n >= 1 && n <= 10 ? { kind: 'cheapest_within', days: n } : null;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = rateRule();
    if (!chosen) return setProblem('Days must be a whole number from 1 to 10');
    if (chosen.kind === 'service' && !service) return setProblem('Choose a service, or buy the cheapest');
    if (!sender) return setProblem('Add a sender address in the Address Book first');
    setProblem(null);
    buy.mutate(
      { batchId, storeOrderIds: [...storeOrderIds], buyAnother: [...buyAnother], rateRule: chosen, ...(chosen.kind === 'service' ? { service_name: service } : {}), sender: senderOf(sender), labelFormat },
      {
        onSuccess: (result) => {
          setBatchId(crypto.randomUUID());
          onBought(result);
        },
      },
    );
  };

  return (
    <FormDialog
      title={`Buy ${storeOrderIds.length} label${storeOrderIds.length === 1 ? '' : 's'}`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      submitting={buy.isPending}
      submitLabel={`Buy ${toBuy} label${toBuy === 1 ? '' : 's'}`}
      submittingLabel="Buying"
      error={problem ?? (buy.isError ? errorMessage(buy.error, 'The labels could not be bought') : null)}
      formId="inbox-buy-form"
    >
      {leftOutCount > 0 && (
        <Alert.Root status="warning" data-testid="inbox-left-out-note">
          <Alert.Indicator />
          <Alert.Description>
            {alreadyShippedWillBeLeftOutMessage(leftOutCount)}. Tick “Buy another label” on an order to buy it again.
          </Alert.Description>
        </Alert.Root>
      )}
      <InboxRuleFields rule={rule} onRule={setRule} days={days} onDays={setDays} service={service} onService={setService} services={services.data ?? []} />
      <SelectField label="Ship from" value={sender?._id ?? ''} onChange={setSenderId} placeholder={addresses.data?.length ? undefined : 'No saved address'}>
        {(addresses.data ?? []).map((address) => (
          <option key={address._id} value={address._id}>
            {address.address_id}: {address.name}, {address.city} {address.state}
          </option>
        ))}
      </SelectField>
      <SelectField label="Labels" value={labelFormat} onChange={(value) => setLabelFormat(value as (typeof LABEL_FORMATS)[number])}>
        {LABEL_FORMATS.map((format) => (
          <option key={format} value={format}>
            {LABEL_FORMAT_NAMES[format]}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
};
