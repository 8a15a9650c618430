import { eelPfcFor, type Customs } from '@labeldesk/contracts';
import { ouncesOfWeight } from './easypost-weight';
import type { EasyPostCustomsInfoInput } from './easypost.schema';

/**
 * Our customs declaration → EasyPost's `customs_info` on the shipment. Field names and kinds as EasyPost recorded them
 * (easypost-node `CustomsInfo-Service/creates-a-customs-info` cassette: `eel_pfc: "NOEEI 30.37(a)"`, `customs_certify:
 * true`, `customs_signer`, `contents_type: "merchandise"`, `restriction_type: "none"`, `non_delivery_option: "return"`,
 * items `{description, quantity, weight, value, hs_tariff_number, origin_country}`); EasyPost's types say an item's
 * value (dollars) and weight (ounces) are the whole line's, as ours are.
 */

/** Cents → dollars as a JSON number with at most two decimals (EasyPost reads `value` as dollars). */
const dollarsOf = (cents: number): number => Math.round(cents) / 100;

/** `country` is the receiver's: the export filing legend depends on it (NOEEI 30.36 to Canada). */
export const toEasyPostCustomsInfo = (customs: Customs, country: string): EasyPostCustomsInfoInput => ({
  contents_type: customs.contents_type,
  ...(customs.contents_explanation ? { contents_explanation: customs.contents_explanation } : {}),
  restriction_type: 'none',
  non_delivery_option: customs.non_delivery_option,
  customs_certify: true,
  customs_signer: customs.signer,
  eel_pfc: eelPfcFor(customs, country),
  customs_items: customs.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    value: dollarsOf(item.value_cents),
    weight: ouncesOfWeight(item.weight_lb),
    ...(item.hs_tariff_number ? { hs_tariff_number: item.hs_tariff_number } : {}),
    origin_country: item.origin_country,
  })),
});
