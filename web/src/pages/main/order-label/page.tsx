import { Grid, Stack } from '@chakra-ui/react';
import type { PublicUser, SameReceiverResponse } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../components/ui/toaster';
import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { newIdempotencyKey } from '../../../libs/idempotency-key';
import { useAddresses } from '../../../services/addresses/list-addresses';
import { refreshSession } from '../../../services/auth/refresh-session';
import { orderErrorMessage, toSingleOrderPayload, useCreateOrder } from '../../../services/orders/create-order';
import type { CreatedLabel, OrderFormData } from '../../../services/orders/create-order';
import { findSameReceiverLabel } from '../../../services/orders/same-receiver-label';
import { orderKeys } from '../../../services/orders/keys';
import { useLabelPrice } from '../../../services/orders/price-quote';
import { useSkus } from '../../../services/skus/list-skus';
import { useAvailableServices } from '../../../services/shipping-services/available-services';
import { useAuthStore } from '../../../stores/auth.store';
import { AddressSection } from './address-section';
import { LabelCreatedDialog } from './label-created-dialog';
import { OrderSummaryBar } from './order-summary-bar';
import { PackageSection } from './package-section';
import { SameReceiverDialog } from './same-receiver-dialog';
import { pricingWeight, useOrderForm } from './use-order-form';

/** How long typing must pause before the price is asked for. */
const PRICE_DEBOUNCE_MS = 400;

const loadState = (query: { isPending: boolean; isError: boolean }): 'loading' | 'error' | 'ready' =>
  query.isPending ? 'loading' : query.isError ? 'error' : 'ready';

const OrderLabelForm = ({ user }: { user: PublicUser }): ReactElement => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useOrderForm();
  const services = useAvailableServices(user._id);
  const addresses = useAddresses(user._id);
  const skus = useSkus(user._id);
  const create = useCreateOrder();

  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedLabel | null>(null);
  /** Issue 47: the form waiting for the user's answer, and the label to the same receiver it warns of. */
  const [sameReceiver, setSameReceiver] = useState<{ data: OrderFormData; label: NonNullable<SameReceiverResponse['label']> } | null>(null);
  const [checking, setChecking] = useState(false);
  /** Remounts the pickers of the parts that start over after a label is bought. */
  const [generation, setGeneration] = useState(0);

  // Spec: a guard against a second submission while one is on its way (a ref: it holds before React re-renders).
  const inFlight = useRef(false);
  // One idempotency key per submission: a retry of the same payload reuses it, so the server buys once.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  // Debounced one primitive at a time: an object would be new on every render and never settle.
  const pricedService = useDebouncedValue(form.values.service_name, PRICE_DEBOUNCE_MS);
  const pricedWeightLb = useDebouncedValue(pricingWeight(form.values.package_weight), PRICE_DEBOUNCE_MS);
  const price = useLabelPrice(user._id, pricedService, pricedWeightLb);

  /** Buys the label (the in-flight guard is already held). */
  const place = (data: OrderFormData) => {
    const payload = toSingleOrderPayload(data, user._id);
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    create.mutate(
      { payload, idempotencyKey: attempt.current.key },
      {
        onSuccess: (placed) => {
          attempt.current = null;
          if (placed.kind === 'pending') {
            // Not refused and not done: it shows as pending in Orders and is finished or refunded without the customer.
            notify.info(placed.pending.message);
            void navigate('/main/orders');
            void queryClient.invalidateQueries({ queryKey: orderKeys.all });
            return;
          }
          setCreated(placed.label);
          form.startNext();
          setGeneration((value) => value + 1);
          void refreshSession(queryClient);
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        },
        // Shown in the bar beside the button rather than as a toast, which would cover that very button.
        onError: (error) => setServerError(orderErrorMessage(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  // Issue 47: a label to the same receiver with the same items in the last 24 hours is asked about first.
  const onSubmit = form.handleSubmit((data) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    setChecking(true);
    void findSameReceiverLabel(user._id, data)
      // Only a warning: when the check cannot be made, the label is bought as before.
      .catch(() => null)
      .then((label) => {
        setChecking(false);
        if (label) {
          inFlight.current = false;
          setSameReceiver({ data, label });
        } else {
          place(data);
        }
      });
  });

  const buyAnother = () => {
    const waiting = sameReceiver;
    setSameReceiver(null);
    if (!waiting || inFlight.current) return;
    inFlight.current = true;
    place(waiting.data);
  };

  return (
    <>
      <PageHeader title="Order Label" description="Buy one USPS label, paid from your balance." />
      <form onSubmit={onSubmit} noValidate aria-label="Order Label">
        <Stack gap="4">
          <PackageSection
            key={`package-${generation}`}
            form={form}
            services={services.data ?? []}
            servicesState={loadState(services)}
            skus={skus.data ?? []}
            skusState={loadState(skus)}
          />
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }} gap="4" alignItems="start">
            <AddressSection prefix="sender" title="From Address" form={form} addresses={addresses.data ?? []} addressesState={loadState(addresses)} />
            <AddressSection
              key={`receiver-${generation}`}
              prefix="receiver"
              title="To Address"
              form={form}
              addresses={addresses.data ?? []}
              addressesState={loadState(addresses)}
            />
          </Grid>
          <OrderSummaryBar
            serviceName={pricedService}
            weightLb={pricedWeightLb}
            priceCents={price.data}
            pricing={price.isFetching}
            submitting={create.isPending || checking}
            error={serverError ?? form.formError}
          />
        </Stack>
      </form>
      <LabelCreatedDialog label={created} onClose={() => setCreated(null)} />
      <SameReceiverDialog label={sameReceiver?.label ?? null} onBuyAnother={buyAnother} onCancel={() => setSameReceiver(null)} />
    </>
  );
};

export const OrderLabelPage = (): ReactElement | null => {
  useDocumentTitle('Order Label');
  const user = useAuthStore((state) => state.user);
  return user ? <OrderLabelForm key={user._id} user={user} /> : null;
};
