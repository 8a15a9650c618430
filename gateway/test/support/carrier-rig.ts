import { startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { oneCarrierEnvOf, priceCarrierServices, type CarrierFakes } from './carrier-fakes';
import { EASYPOST_ACCOUNTS_ENV } from './courier-flows.suite';

type Body = Record<string, unknown>;

/** The EasyPost webhook secret the systems are started with (EasyPost signs its pushes with it). */
export const EASYPOST_WEBHOOK_SECRET = 'carrier-flows-webhook-secret';

/** What a label of the default order costs the seller: PRICE_TIERS' tier up to 5 lb. */
export const LABEL_PRICE = 850;

/** USPS is told each shipper (decision 044): a label it may sell has the sender's phone. */
export const CARRIER_ORDER = { ...SINGLE_LABEL_ORDER, sender: { ...SINGLE_LABEL_ORDER.sender, sender_phone: '512-555-0142' } };

export interface Seller {
  token: string;
  userId: string;
}

export interface BoughtLabel {
  orderId: string;
  trackingNumber: string;
  pdfName: string;
  price: number;
}

/** One system buying from one real carrier's fake, with its services priced by the admin. */
export interface CarrierRig {
  carrier: 'usps' | 'easypost';
  system: RunningSystem;
  fakes: CarrierFakes;
  call: Api;
  /** A new seller with money on the balance and the carrier's services. */
  seller(label: string, balanceCents?: number): Promise<Seller>;
  /** Buys a label of CARRIER_ORDER (or `order`), failing the test on anything but a bought label. */
  buy(who: Seller, order?: Body): Promise<BoughtLabel>;
  balance(who: Seller): Promise<number>;
}

/**
 * Orders as the flows need it: the carrier's address check, the webhook secret, and voids looked at every second
 * (EasyPost's refunds are settled by asking it).
 */
const flowEnv = (fakes: CarrierFakes, carrier: 'usps' | 'easypost'): NodeJS.ProcessEnv => ({
  ...oneCarrierEnvOf(fakes, carrier),
  // EasyPost rates and sells on every carrier account the fake holds (USPS, UPS, FedEx, DHL Express: issue 45).
  ...(carrier === 'easypost' ? EASYPOST_ACCOUNTS_ENV : {}),
  ADDRESS_CHECK: 'carrier',
  EASYPOST_WEBHOOK_SECRET,
  REFUND_RECONCILE_SECONDS: '1',
  // Claims on labels EasyPost insured go to its Claims API, looked at every second (decision 112).
  EASYPOST_CLAIMS_EMAIL: 'claims@labeldesk.example',
  CLAIMS_CHECK_SECONDS: '1',
});

export const startCarrierRig = async (fakes: CarrierFakes, carrier: 'usps' | 'easypost', start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): Promise<CarrierRig> => {
  const system = await start(flowEnv(fakes, carrier));
  try {
    const call = apiClient(system.baseUrl);
    const adminToken = await adminTokenOf(call, system);
    await priceCarrierServices(call, adminToken);
    let keys = 0;
    return {
      carrier,
      system,
      fakes,
      call,
      seller: (label, balanceCents = 100_000) => newBulkCustomer(call, adminToken, balanceCents, `${carrier}-${label}`),
      buy: async (who, order = CARRIER_ORDER) => {
        keys += 1;
        const bought = await call('POST', '/orders/v2', order, { token: who.token, 'Idempotency-Key': `${carrier}-flow-${Date.now()}-${keys}` });
        if (bought.status !== 200) throw new Error(`the ${carrier} purchase answered ${bought.status} ${JSON.stringify(bought.body)}`);
        const data = bought.body['data'] as Body;
        return { orderId: String(data['orderId']), trackingNumber: String(data['trackingNumber']), pdfName: String(data['pdfName']), price: Number(data['price']) };
      },
      balance: (who) => balanceOf(call, who.token),
    };
  } catch (error) {
    await system.stop();
    throw error;
  }
};

/**
 * Both carriers' systems, the EasyPost one started once the USPS one is up (or failed), so its start overlaps the USPS
 * flows: a start is most of a file's time, and two distributed starts side by side (a dozen processes) miss their
 * readiness deadline on a busy machine. A failed start is answered to whoever awaits it.
 */
export const startOneAfterTheOther = (fakes: CarrierFakes, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): { usps: Promise<CarrierRig>; easyPost: Promise<CarrierRig> } => {
  const usps = startCarrierRig(fakes, 'usps', start);
  const easyPost = usps.then(
    () => startCarrierRig(fakes, 'easypost', start),
    () => startCarrierRig(fakes, 'easypost', start),
  );
  // Awaited by the flows' own hooks, later: until then a failure is not an unhandled rejection.
  easyPost.catch(() => undefined);
  return { usps, easyPost };
};

/** Stops whichever of the systems started. */
export const stopStarted = async (rigs: ReadonlyArray<Promise<CarrierRig> | undefined>): Promise<void> => {
  const started = await Promise.allSettled(rigs.map((rig) => rig ?? Promise.reject(new Error('never started'))));
  await Promise.all(started.map((rig) => (rig.status === 'fulfilled' ? rig.value.system.stop() : undefined)));
};

/**
 * Waits for a rig in the enclosing `describe`'s first hook, and answers it to the tests (called inside a test or a
 * hook); a rig that failed to start fails every test of the `describe` with its error.
 */
export const awaitRig = (started: () => Promise<CarrierRig>): (() => CarrierRig) => {
  let rig: CarrierRig | undefined;
  beforeAll(async () => {
    rig = await started();
  }, startHookTimeout(2)); // the EasyPost rig starts once the USPS one is up: its hook may wait for both starts
  return () => {
    if (!rig) throw new Error('the carrier system is not running: it failed to start');
    return rig;
  };
};
