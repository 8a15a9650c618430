import { LABEL_CARRIERS, type LabelCarrier } from '@labeldesk/contracts';

/**
 * The carriers the registry can turn on (`CARRIERS`, in the order they are tried): the contracts' list, each a plugin
 * in carriers/carrier-plugins.ts. carrier.port.ts re-exports them.
 */
export const CARRIER_IDS = LABEL_CARRIERS;
export type CarrierId = LabelCarrier;
