import type { ReturnPayment } from '@labeldesk/contracts';
import type { CarrierId } from '../carrier.port';

/**
 * What a label carrier sells as return labels (decision 101): for a label its courier carried, how a return of it is
 * paid, or null when it makes none. Each carrier says so in its own folder; a carrier with none listed makes none.
 */
export interface CarrierReturns {
  carrier: CarrierId;
  paymentFor(courier: string): ReturnPayment | null;
}
