import type { Customs } from '@labeldesk/contracts';
import type { LabelShipment } from '../carrier.port';

/** The shipment's customs declaration (the contract's `customs`), when it carries one: every label abroad does. */
export const customsOf = (shipment: LabelShipment): Customs | null => shipment.customs ?? null;
