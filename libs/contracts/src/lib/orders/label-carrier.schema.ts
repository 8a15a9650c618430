import { z } from 'zod';

/**
 * The carriers that can sell a label (the ways a label is bought: the sandbox, EasyPost, the USPS APIs directly), as
 * the orders service records them on every bought label. Each is a plugin folder in orders' carriers (its registry
 * names one plugin per id: the compiler refuses a missing one). Only admins ever see which one sold a label; customers
 * see the courier that carries the parcel (couriers.schema.ts), but for the carrier that sells a return (decision 123).
 */
export const LABEL_CARRIER_NAMES = { sandbox: 'Sandbox', easypost: 'EasyPost', usps: 'USPS' } as const;
export type LabelCarrier = keyof typeof LABEL_CARRIER_NAMES;
export const LABEL_CARRIERS = Object.keys(LABEL_CARRIER_NAMES) as [LabelCarrier, ...LabelCarrier[]];
/**
 * The carriers whose void is only a refund request, credited once the carrier refunds (decision 125): what the web says
 * before a seller voids a return. Beside the names, so a new carrier is listed where carriers are listed.
 */
export const LABEL_CARRIERS_REFUNDING_LATER: readonly LabelCarrier[] = ['easypost'];
export const labelCarrierSchema = z.enum(LABEL_CARRIERS, { error: `Carrier must be one of: ${LABEL_CARRIERS.join(', ')}` });
