import type { StoreHttp } from '../http/store-http';
import type { Fulfilment, StoreAccount } from '../plugin/store-plugin';
import { callEtsy, etsyUrl } from './etsy-api';
import { etsyReceiptSchema } from './etsy-receipt';
import type { EtsySettings } from './etsy-settings';

/** Etsy's carrier names (its fulfillment tutorial's list) for the couriers a label is bought with; `other` shows no tracking link. */
const CARRIER_NAMES: Readonly<Record<string, string>> = { USPS: 'usps', UPS: 'ups', FedEx: 'fedex', 'DHL Express': 'dhl' };
export const etsyCarrierName = (courier: string): string => CARRIER_NAMES[courier] ?? 'other';

/**
 * Tells Etsy the receipt shipped: createReceiptShipment with the tracking code and carrier (a form, as the operation
 * documents it). Etsy e-mails the buyer every time it succeeds, so a retry first reads the receipt and adds nothing
 * when one of its shipments has this tracking code.
 */
export const writeBackToEtsy = async (account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: EtsySettings): Promise<void> => {
  const path = `/shops/${encodeURIComponent(account.secrets['shop_id'] ?? '')}/receipts/${encodeURIComponent(fulfilment.externalId)}`;
  const receipt = etsyReceiptSchema.parse((await callEtsy(http, account, settings, { method: 'GET', url: etsyUrl(account, path) })).body);
  if (receipt.shipments.some((shipment) => shipment.tracking_code === fulfilment.trackingNumber)) return;
  await callEtsy(http, account, settings, { method: 'POST', url: etsyUrl(account, `${path}/tracking`), form: { tracking_code: fulfilment.trackingNumber, carrier_name: etsyCarrierName(fulfilment.courier) } });
};
