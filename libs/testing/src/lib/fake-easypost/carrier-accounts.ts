import { DHL_EXPRESS_SERVICES, FEDEX_INTERNATIONAL_SERVICES, FEDEX_SERVICES, UPS_INTERNATIONAL_SERVICES, UPS_SERVICES } from './courier-rates';
import { USPS_INTERNATIONAL_SERVICES, USPS_SERVICES, type FakeService } from './rates';
import { easyPostRecordedBody } from './recorded';
import type { Json } from './shipment-json';

/**
 * The fake's EasyPost carrier accounts, one per courier. A rate names its account (`carrier_account_id`) and the
 * account's carrier as EasyPost writes it on rates: `USPS` and `UPS` as recorded (easypost-java claim/create
 * cassette: a `UspsAccount` and `UpsAccount`s), `FedEx` as EasyPost's own examples write it (EasyPost/examples
 * `official/docs/curl/current/orders/buy.sh`: `"carrier": "FedEx", "service": "FEDEX_GROUND"`; its wallet account
 * rates as `FedExDefault` in `official/docs/responses/luma/luma-buy.json`), and `DHLExpress` (no EasyPost recording
 * rates DHL Express; that spelling is the one production EasyPost shipments published in public code carry).
 */
export interface FakeCarrierAccount {
  id: string;
  /** EasyPost's account type (`UpsAccount`, …): recorded in easypost-java's carrier_account/all.json cassette. */
  type: string;
  readable: string;
  /** `Rate.carrier` of its rates. */
  carrier: string;
  /** Where it carries parcels: DHL Express has no US domestic service (EasyPost's DHL Express guide). */
  domestic: boolean;
  services: readonly FakeService[];
  /** What it rates abroad (none: a `rate_error` on an international shipment). */
  abroad: readonly FakeService[];
}

/** Ids as EasyPost's are: `ca_` and 32 hex digits. */
export const FAKE_CARRIER_ACCOUNTS: readonly FakeCarrierAccount[] = Object.freeze([
  { id: 'ca_fa4e0000000000000000000000005e25', type: 'UspsAccount', readable: 'USPS', carrier: 'USPS', domestic: true, services: USPS_SERVICES, abroad: USPS_INTERNATIONAL_SERVICES },
  { id: 'ca_fa4e0000000000000000000000000b5e', type: 'UpsAccount', readable: 'UPS', carrier: 'UPS', domestic: true, services: UPS_SERVICES, abroad: UPS_INTERNATIONAL_SERVICES },
  { id: 'ca_fa4e00000000000000000000000fede7', type: 'FedexAccount', readable: 'FedEx', carrier: 'FedEx', domestic: true, services: FEDEX_SERVICES, abroad: FEDEX_INTERNATIONAL_SERVICES },
  { id: 'ca_fa4e0000000000000000000000d41e7b', type: 'DhlExpressDefaultAccount', readable: 'DHL Express', carrier: 'DHLExpress', domestic: false, services: DHL_EXPRESS_SERVICES, abroad: DHL_EXPRESS_SERVICES },
]);

export const fakeCarrierAccount = (id: string): FakeCarrierAccount | undefined => FAKE_CARRIER_ACCOUNTS.find((account) => account.id === id);

/** The account of a courier by its rate carrier (`UPS`, …), for tests that want an id. */
export const fakeCarrierAccountOf = (carrier: string): FakeCarrierAccount => {
  const account = FAKE_CARRIER_ACCOUNTS.find((candidate) => candidate.carrier === carrier);
  if (!account) throw new Error(`the fake holds no ${carrier} account`);
  return account;
};

/**
 * A CarrierAccount as `GET /v2/carrier_accounts` answers it: the recorded account of the same type when there is one
 * (recorded/carriers.json `accounts`), else the recorded UPS one, with this account's values.
 */
export const carrierAccountJson = (account: FakeCarrierAccount): Json => {
  const recorded = easyPostRecordedBody('carriers', 'accounts') as Json[];
  const template = recorded.find((candidate) => candidate['type'] === account.type) ?? recorded.find((candidate) => candidate['type'] === 'UpsAccount') ?? {};
  return { ...template, id: account.id, type: account.type, readable: account.readable, description: `${account.readable} Account` };
};
