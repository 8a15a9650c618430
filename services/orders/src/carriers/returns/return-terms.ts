import type { ReturnPayment } from '@labeldesk/contracts';
import type { CarrierId } from '../carrier.port';
import { easyPostReturns } from '../easypost/easypost-returns';
import { sandboxReturns } from '../sandbox/sandbox-returns';
import { uspsReturns } from '../usps/usps-returns';
import type { CarrierReturns } from './carrier-returns';

/** The carriers that make return labels here (decisions 101 and 118); a carrier not listed makes none. */
const CARRIER_RETURNS: readonly CarrierReturns[] = [sandboxReturns, easyPostReturns, uspsReturns];

/** How a return of a label this carrier sold, carried by this courier, is paid; null when the carrier makes none. */
export const returnPaymentOf = (carrier: CarrierId, courier: string): ReturnPayment | null =>
  CARRIER_RETURNS.find((terms) => terms.carrier === carrier)?.paymentFor(courier) ?? null;
