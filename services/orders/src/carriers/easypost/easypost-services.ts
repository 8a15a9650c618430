import { COURIER_NAMES, COURIERS, type Courier } from '@labeldesk/contracts';
import type { CarrierShippingService } from '../carrier.port';
import { SHIPPING_SERVICE_CATALOG } from '../catalog/shipping-service-catalog';

/**
 * The catalog's shipping services as EasyPost names them: a courier's carrier names on rates and its service names.
 * Sources (see libs/testing/src/lib/fake-easypost/recorded/README.md):
 * - `USPS` Priority/Express/GroundAdvantage: every easypost-node cassette.
 * - `UPS` (a UpsAccount) and `UPSDAP` (EasyPost's own UPS account, UpsDapAccount) with Ground, 3DaySelect, 2ndDayAir,
 *   NextDayAir: easypost-java `claim/create.json` and easypost-php `shipment/buyLuma.yml` cassettes.
 * - `FedEx` (a FedexAccount: EasyPost/examples `official/docs/curl/current/orders/buy.sh`) and `FedExDefault`
 *   (EasyPost's own FedEx account: `official/docs/responses/luma/luma-buy.json`); the FEDEX_* and STANDARD_OVERNIGHT
 *   service names: the carrier metadata cassettes of every EasyPost client library.
 * - USPS abroad: `FirstClassPackageInternationalService`, `PriorityMailInternational`, `ExpressMailInternational`
 *   (USPS carrier metadata in easypost-node's cassettes).
 * - `DHLExpress` with `ExpressWorldwideNonDoc` (parcels; `ExpressWorldwide` is documents): the service from the carrier
 *   metadata cassettes; no EasyPost recording rates DHL Express, the carrier spelling is that of production EasyPost
 *   shipments published in public code.
 * - UPS abroad `UPSSaver` (Worldwide Saver), `Expedited` (Worldwide Expedited), `UPSStandard` (Standard, to Canada and
 *   Mexico) and FedEx's `INTERNATIONAL_PRIORITY`, `INTERNATIONAL_ECONOMY`: rates of EasyPost shipments abroad copied
 *   from EasyPost's dashboard into public scripts (fake-easypost/recorded/abroad-rates.json says which).
 */

/** Every `Rate.carrier` EasyPost writes for a courier's accounts. */
export const EASYPOST_CARRIERS: Readonly<Record<Courier, readonly string[]>> = Object.freeze({
  usps: ['USPS'],
  ups: ['UPS', 'UPSDAP'],
  fedex: ['FedEx', 'FedExDefault'],
  dhl_express: ['DHLExpress'],
});

/**
 * Every CarrierAccount `type` of a courier: recorded `UspsAccount`, `UpsAccount`, `UpsDapAccount`,
 * `DhlExpressDefaultAccount` (easypost-java and easypost-php carrier_account cassettes); `FedexAccount` (the client
 * libraries' custom-workflow types); the others by EasyPost's pattern (own account, or EasyPost's `…Default…`).
 */
const ACCOUNT_TYPES: Readonly<Record<Courier, readonly string[]>> = {
  usps: ['UspsAccount'],
  ups: ['UpsAccount', 'UpsDapAccount'],
  fedex: ['FedexAccount', 'FedexDefaultAccount'],
  dhl_express: ['DhlExpressAccount', 'DhlExpressDefaultAccount'],
};

const EASYPOST_SERVICE_NAMES: Readonly<Record<string, string>> = {
  usps_priority: 'Priority',
  usps_priority_express: 'Express',
  usps_ground_advantage: 'GroundAdvantage',
  ups_ground: 'Ground',
  ups_3_day_select: '3DaySelect',
  ups_2nd_day_air: '2ndDayAir',
  ups_next_day_air: 'NextDayAir',
  fedex_ground: 'FEDEX_GROUND',
  fedex_express_saver: 'FEDEX_EXPRESS_SAVER',
  fedex_2_day: 'FEDEX_2_DAY',
  fedex_standard_overnight: 'STANDARD_OVERNIGHT',
  dhl_express_worldwide: 'ExpressWorldwideNonDoc',
  // USPS abroad, as EasyPost's carrier metadata names them (easypost-node cassettes).
  usps_first_class_international: 'FirstClassPackageInternationalService',
  usps_priority_international: 'PriorityMailInternational',
  usps_priority_express_international: 'ExpressMailInternational',
  // UPS and FedEx abroad (decision 123), as EasyPost's rate objects carry them (recorded/abroad-rates.json).
  ups_worldwide_saver: 'UPSSaver',
  ups_worldwide_expedited: 'Expedited',
  ups_standard: 'UPSStandard',
  fedex_international_priority: 'INTERNATIONAL_PRIORITY',
  fedex_international_economy: 'INTERNATIONAL_ECONOMY',
};

export interface EasyPostShippingService extends CarrierShippingService {
  courier: Courier;
  /** EasyPost's service name on a rate (`Rate.service`). */
  service: string;
}

/** Every catalog service EasyPost sells, in the catalog's order, grouped under its courier's name. */
export const EASYPOST_SHIPPING_SERVICES: readonly EasyPostShippingService[] = Object.freeze(
  SHIPPING_SERVICE_CATALOG.flatMap(({ uid, name, courier, maxWeightLb }) => {
    const service = EASYPOST_SERVICE_NAMES[uid];
    return service ? [Object.freeze({ uid, name, category: COURIER_NAMES[courier], maxWeightLb, courier, service })] : [];
  }),
);

export const shippingServiceOf = (uid: string): EasyPostShippingService | undefined => EASYPOST_SHIPPING_SERVICES.find((shippingService) => shippingService.uid === uid);

/** The courier whose accounts rate as `carrier` (`UPSDAP` → ups); undefined for a courier we do not sell. */
export const courierOfCarrier = (carrier: string): Courier | undefined =>
  COURIERS.find((courier) => EASYPOST_CARRIERS[courier].includes(carrier));

export const courierOfAccountType = (type: string): Courier | undefined => COURIERS.find((courier) => ACCOUNT_TYPES[courier].includes(type));

/** The catalog service of a rate: its carrier's courier and its service name. */
export const shippingServiceOfRate = (carrier: string, service: string): EasyPostShippingService | undefined => {
  const courier = courierOfCarrier(carrier);
  return courier ? EASYPOST_SHIPPING_SERVICES.find((shippingService) => shippingService.courier === courier && shippingService.service === service) : undefined;
};

/** Whether a rate is of the catalog service `uid` (any account of its courier). */
export const rateIsOf = (rate: { carrier: string; service: string }, uid: string): boolean => shippingServiceOfRate(rate.carrier, rate.service)?.uid === uid;
