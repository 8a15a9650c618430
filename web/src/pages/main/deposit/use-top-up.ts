import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadBtcpayModal } from '../../../libs/btcpay';
import { useCreateTopUp } from '../../../services/payments/create-top-up';
import { refreshAfterPayment } from '../../../services/payments/refresh-after-payment';

/**
 * Where a top-up is: nothing running; the invoice being created (and the modal being loaded); or a payment modal
 * open, BTCPay's or the built-in test provider's. The Pay button stays busy in every state but idle.
 */
export type TopUpState =
  | { kind: 'idle' }
  | { kind: 'creating' }
  | { kind: 'btcpay'; invoiceId: string }
  | { kind: 'test'; invoiceId: string };

/**
 * Spec section 2, Deposit: 'Pay with BTCPay' shows 'Generating Invoice...' until the payment modal closes.
 * Spec section 8: invoice errors (an error answer, no id, the payment script not loaded) are only logged,
 * and the button is reset.
 */
export const useTopUp = (userId: string) => {
  const queryClient = useQueryClient();
  const createTopUp = useCreateTopUp();
  const [state, setState] = useState<TopUpState>({ kind: 'idle' });
  // A ref as well as the state: a double click arrives before the disabled button is rendered.
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(() => void refreshAfterPayment(queryClient), [queryClient]);

  const finish = useCallback(() => {
    busy.current = false;
    if (mounted.current) setState({ kind: 'idle' });
    refresh();
  }, [refresh]);

  const start = async (amountCents: number): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'creating' });
    try {
      const invoice = await createTopUp.mutateAsync({ userId, amountCents });
      if (!invoice.id) throw new Error('The top-up answer has no invoice id');
      // The new deposit (status New) is listed straight away.
      refresh();
      if (invoice.provider === 'test') {
        if (mounted.current) setState({ kind: 'test', invoiceId: invoice.id });
        return;
      }
      if (!invoice.checkoutScriptUrl) throw new Error('The top-up answer names no payment script');
      const modal = await loadBtcpayModal(invoice.checkoutScriptUrl);
      modal.onModalWillLeave(finish);
      // The message says what the checkout page claims; only our API is believed, so it merely triggers a refetch.
      modal.onModalReceiveMessage(() => refresh());
      if (mounted.current) setState({ kind: 'btcpay', invoiceId: invoice.id });
      modal.showInvoice(invoice.id);
    } catch (error) {
      console.error('Could not open the payment invoice', error);
      busy.current = false;
      if (mounted.current) setState({ kind: 'idle' });
    }
  };

  return { state, busy: state.kind !== 'idle', start, closeTestInvoice: finish };
};
