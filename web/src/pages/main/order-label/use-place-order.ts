import type { CustomsInput, ExtraServices, FieldIssue, SameReceiverResponse } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../components/ui/toaster';
import { newIdempotencyKey } from '../../../libs/idempotency-key';
import { refreshSession } from '../../../services/auth/refresh-session';
import { isApiError } from '../../../libs/http-client';
import { orderErrorMessage, toSingleOrderPayload, useCreateOrder } from '../../../services/orders/create-order';
import type { CreatedLabel, OrderFormData } from '../../../services/orders/create-order';
import { orderKeys } from '../../../services/orders/keys';
import { findSameReceiverLabel } from '../../../services/orders/same-receiver-label';
import type { useOrderForm } from './use-order-form';

type OrderForm = ReturnType<typeof useOrderForm>;

/** What is ordered beside the form's fields: insurance and a signature (decision 102), customs abroad (decision 098). */
type OrderExtras = ExtraServices & { customs?: CustomsInput };

/** Buys a label: one idempotency key per payload, the bought label or the server's refusal, and what to reset after. */
const useBuyLabel = (userId: string, form: OrderForm, extras: OrderExtras) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const [serverError, setServerError] = useState<string | null>(null);
  /** The refusal's field by field messages (the customs section shows those under `customs` on their fields). */
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  // Stable, and no new state when there is nothing to clear: a page calls it from an effect.
  const clearServerIssues = useCallback(() => setServerIssues((issues) => (issues.length === 0 ? issues : [])), []);
  const [created, setCreated] = useState<CreatedLabel | null>(null);
  /** Remounts the pickers of the parts that start over after a label is bought. */
  const [generation, setGeneration] = useState(0);
  // Spec: a guard against a second submission while one is on its way (a ref: it holds before React re-renders).
  const inFlight = useRef(false);
  // One idempotency key per submission: a retry of the same payload reuses it, so the server buys once.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  /** Buys the label (the in-flight guard is already held). */
  const place = (data: OrderFormData) => {
    // Insurance and a signature (decision 102) and customs abroad (decision 098) are chosen beside the form and bought with the label.
    const payload = { ...toSingleOrderPayload(data, userId), ...extras };
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    create.mutate(
      { payload, idempotencyKey: attempt.current.key },
      {
        onSuccess: (placed) => {
          attempt.current = null;
          setServerIssues([]);
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
        onError: (error) => {
          setServerError(orderErrorMessage(error));
          setServerIssues(isApiError(error) ? (error.issues ?? []) : []);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { place, inFlight, buying: create.isPending, serverError, setServerError, serverIssues, clearServerIssues, created, setCreated, generation };
};

/** Issue 47: the form waiting for the user's answer, and the label to the same receiver it warns of. */
type SameReceiverQuestion = { data: OrderFormData; label: NonNullable<SameReceiverResponse['label']> };

/**
 * The Order Label form's submission. Issue 47: a label to the same receiver with the same items in the last 24
 * hours is asked about first; Buy another places it anyway.
 */
export const usePlaceOrder = (userId: string, form: OrderForm, extras: OrderExtras = {}) => {
  const { place, inFlight, buying, ...outcome } = useBuyLabel(userId, form, extras);
  const [sameReceiver, setSameReceiver] = useState<SameReceiverQuestion | null>(null);
  const [checking, setChecking] = useState(false);

  const onSubmit = form.handleSubmit((data) => {
    if (inFlight.current) return;
    inFlight.current = true;
    outcome.setServerError(null);
    setChecking(true);
    void findSameReceiverLabel(userId, data)
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

  return { ...outcome, onSubmit, submitting: buying || checking, sameReceiver, buyAnother, cancelSameReceiver: () => setSameReceiver(null) };
};
