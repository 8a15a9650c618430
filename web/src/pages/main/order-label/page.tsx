import { Grid, Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useEffect, useMemo } from 'react';
import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAddresses } from '../../../services/addresses/list-addresses';
import { useLabelPrice } from '../../../services/orders/price-quote';
import { usePackagePresets } from '../../../services/package-presets/list-package-presets';
import { useSkus } from '../../../services/skus/list-skus';
import { useRates } from '../../../services/rates/compare-rates';
import { useAvailableServices } from '../../../services/shipping-services/available-services';
import { useAuthStore } from '../../../stores/auth.store';
import { AddressSection } from './address-section';
import { comparisonState } from './comparison-state';
import { CustomsSection } from './customs-section';
import { ExtraServicesSection } from './extra-services-section';
import { LabelCreatedDialog } from './label-created-dialog';
import { OrderSummaryBar } from './order-summary-bar';
import { PackageSection } from './package-section';
import { RateComparison } from './rate-comparison';
import { chosenRate, rateKey } from './rate-choice';
import { rateParcelOf } from './rate-parcel';
import { SameReceiverDialog } from './same-receiver-dialog';
import { pricingWeight, useOrderForm } from './use-order-form';
import type { LoadState } from './package-options';
import { usePlaceOrder } from './use-place-order';
import { skuDeclaredValueCents } from './sku-declared-value';
import { useExtraServices } from './use-extra-services';
import { useCustomsForm } from './use-customs-form';

/** How long typing must pause before the price is asked for. */
const PRICE_DEBOUNCE_MS = 400;

const loadState = (query: { isPending: boolean; isError: boolean }): LoadState =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'ready';

/** The label's price with the extras' fees (decision 102); no price stays no price. */
const withFees = (priceCents: number | null | undefined, feesCents: number) => (typeof priceCents === 'number' ? priceCents + feesCents : priceCents);

const OrderLabelForm = ({ user }: { user: PublicUser }): ReactElement => {
  const form = useOrderForm();
  const services = useAvailableServices(user._id);
  const addresses = useAddresses(user._id);
  const skus = useSkus(user._id);
  const presets = usePackagePresets(user._id);
  const extras = useExtraServices(form.values.service_name, skuDeclaredValueCents(skus.data ?? [], form.values.package_reference2, form.values.package_reference1));
  const customs = useCustomsForm({ country: form.values.receiver_country, state: form.values.receiver_state_province });
  const order = usePlaceOrder(user._id, form, { ...extras.extras, ...customs.payload });
  // The server's messages on customs fields were about what was sent: a change to the declaration takes them away.
  const customsSent = JSON.stringify(customs.payload);
  const { clearServerIssues, setServerError } = order;
  useEffect(() => {
    clearServerIssues();
    setServerError(null);
  }, [customsSent, clearServerIssues, setServerError]);

  // Debounced one primitive at a time: an object would be new on every render and never settle.
  const pricedService = useDebouncedValue(form.values.service_name, PRICE_DEBOUNCE_MS);
  const pricedWeightLb = useDebouncedValue(pricingWeight(form.values.package_weight), PRICE_DEBOUNCE_MS);
  const price = useLabelPrice(user._id, pricedService, pricedWeightLb);

  const parcel = useMemo(() => rateParcelOf(form.values), [form.values]);
  const rates = useRates(user._id, parcel);
  const rated = rates.data ?? [];
  const chosen = chosenRate(rated, form.values.service_name, form.values.courier, form.values.package_packaging);

  return (
    <>
      <PageHeader title="Order Label" description="Buy one shipping label, compared across carriers and paid from your balance." />
      <form onSubmit={order.onSubmit} noValidate aria-label="Order Label">
        <Stack gap="4">
          <PackageSection
            key={`package-${order.generation}`}
            form={form}
            services={services.data ?? []}
            servicesState={loadState(services)}
            rates={rated}
            skus={skus.data ?? []}
            skusState={loadState(skus)}
            presets={presets.data ?? []}
            presetsState={loadState(presets)}
          />
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }} gap="4" alignItems="start">
            <AddressSection prefix="sender" title="From Address" form={form} addresses={addresses.data ?? []} addressesState={loadState(addresses)} />
            <AddressSection
              key={`receiver-${order.generation}`}
              prefix="receiver"
              title="To Address"
              form={form}
              addresses={addresses.data ?? []}
              addressesState={loadState(addresses)}
            />
          </Grid>
          <CustomsSection customs={customs} country={form.values.receiver_country} issues={order.serverIssues} />
          <ExtraServicesSection extras={extras} />
          <RateComparison
            state={comparisonState(parcel !== null, rates)}
            chosenKey={chosen ? rateKey(chosen) : null}
            onChoose={(rate) => form.chooseRate(rate, services.data ?? [])}
          />
          {/* A rate in USPS packaging is priced by the packaging, not the weight: the bar shows the compared price. */}
          <OrderSummaryBar
            serviceName={chosen?.packaging ? `${pricedService} in ${chosen.packaging.name}` : pricedService}
            weightLb={pricedWeightLb}
            priceCents={withFees(chosen?.packaging ? chosen.priceCents : price.data, extras.feesCents)}
            pricing={chosen?.packaging ? false : price.isFetching}
            submitting={order.submitting}
            error={order.serverError ?? form.formError}
          />
        </Stack>
      </form>
      <LabelCreatedDialog label={order.created} onClose={() => order.setCreated(null)} />
      <SameReceiverDialog label={order.sameReceiver?.label ?? null} onBuyAnother={order.buyAnother} onCancel={order.cancelSameReceiver} />
    </>
  );
};

export const OrderLabelPage = (): ReactElement | null => {
  useDocumentTitle('Order Label');
  const user = useAuthStore((state) => state.user);
  return user ? <OrderLabelForm key={user._id} user={user} /> : null;
};
