/**
 * BTCPay Server's modal checkout (`/modal/btcpay.js`, research money_security §1.6). The script is the payment
 * server's, loaded once per page from the URL our API names; it builds a full-screen iframe over the app.
 * Its messages come from another origin and can be spoofed: they may only make us ask our own API again.
 */
export type BtcpayShowInvoiceParams = string | { paymentMethodId?: string; animateEntrance?: boolean };

export interface BtcpayModal {
  showInvoice: (invoiceId: string, params?: BtcpayShowInvoiceParams) => void;
  hideFrame: () => void;
  setApiUrlPrefix: (prefix: string) => void;
  /** One callback each: registering again replaces the previous one. */
  onModalWillEnter: (callback: () => void) => void;
  onModalWillLeave: (callback: () => void) => void;
  onModalReceiveMessage: (callback: (event: MessageEvent<unknown>) => void) => void;
}

declare global {
  interface Window {
    btcpay?: BtcpayModal;
  }
}

/** A script that neither loads nor fails (a hung connection) must not keep the Pay button busy for ever. */
const SCRIPT_TIMEOUT_MS = 30_000;

const loads = new Map<string, Promise<BtcpayModal>>();

const readyModal = (): BtcpayModal | undefined => {
  const modal = window.btcpay;
  return modal && typeof modal.showInvoice === 'function' && typeof modal.onModalWillLeave === 'function' ? modal : undefined;
};

const scriptUrl = (url: string): string => {
  const parsed = new URL(url, window.location.href);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Refusing to load the payment script from ${parsed.protocol}`);
  return parsed.href;
};

const loadScript = (src: string): Promise<BtcpayModal> =>
  new Promise<BtcpayModal>((resolve, reject) => {
    const existing = Array.from(document.scripts).find((script) => script.src === src);
    const script = existing ?? document.createElement('script');
    const timer = window.setTimeout(() => fail(new Error('The payment script took too long to load')), SCRIPT_TIMEOUT_MS);
    const cleanUp = () => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    };
    function fail(error: Error): void {
      cleanUp();
      script.remove();
      reject(error);
    }
    function onLoad(): void {
      const modal = readyModal();
      if (!modal) {
        fail(new Error('The payment script loaded but window.btcpay is missing'));
        return;
      }
      cleanUp();
      resolve(modal);
    }
    function onError(): void {
      fail(new Error(`The payment script did not load: ${src}`));
    }
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (!existing) {
      script.src = src;
      script.async = true;
      script.dataset['btcpayModal'] = 'true';
      document.head.append(script);
    }
  });

/**
 * The payment modal, with its script loaded at most once per URL (a second top-up reuses it). A failed load is
 * forgotten so the next attempt tries again.
 */
export const loadBtcpayModal = (url: string): Promise<BtcpayModal> => {
  let src: string;
  try {
    src = scriptUrl(url);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const alreadyThere = Array.from(document.scripts).some((script) => script.src === src);
  const modal = readyModal();
  if (alreadyThere && modal) return Promise.resolve(modal);

  const cached = loads.get(src);
  if (cached) return cached;
  const load = loadScript(src).catch((error: unknown) => {
    loads.delete(src);
    throw error;
  });
  loads.set(src, load);
  return load;
};
