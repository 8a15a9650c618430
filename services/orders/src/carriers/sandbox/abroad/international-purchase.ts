import { countryName } from '@labeldesk/contracts';
import type { CarrierRate, LabelShipment } from '../../carrier.port';
import { formatOf } from '../../label-file';
import { SandboxCarrierError } from '../sandbox-carrier.error';
import { deliveryDateAfter } from '../sandbox-rates';
import { renderInternationalLabel } from './international-label';
import { internationalRate } from './international-rates';
import { findSandboxInternationalService, SANDBOX_INTERNATIONAL_SERVICES } from './international-services';
import { sandboxDhlWaybill, sandboxS10Number } from './tracking-numbers';

/** A parcel to another country than the sender's (decision 098): only the sandbox's services abroad carry it. */
export const isAbroad = (shipment: LabelShipment): boolean => shipment.to.country !== 'US';

/** Every service abroad that would carry the shipment, with its simulated cost and days. */
export const sandboxInternationalRates = (shipment: LabelShipment, now: Date): CarrierRate[] =>
  SANDBOX_INTERNATIONAL_SERVICES.flatMap(({ uid }) => {
    const rate = internationalRate(uid, shipment);
    if ('unavailable' in rate) return [];
    return [{ serviceUid: uid, costCents: rate.costCents, deliveryDays: rate.deliveryDays, deliveryDate: deliveryDateAfter(now, rate.deliveryDays) }];
  });

export interface InternationalLabel {
  trackingNumber: string;
  file: Buffer;
  costCents: number;
}

/**
 * Checks a label abroad before a serial is drawn (a refusal issues nothing): one of the sandbox's services abroad,
 * a customs declaration, a PDF, a parcel the service carries. Throws the refusal, in words for the seller.
 */
export const checkInternationalLabel = (shipment: LabelShipment): number => {
  const destination = countryName(shipment.to.country);
  const service = findSandboxInternationalService(shipment.serviceUid);
  if (!service) throw new SandboxCarrierError(`Sandbox carrier: this service carries parcels within the US only; choose a service abroad for ${destination}`, false);
  if (!shipment.customs) throw new SandboxCarrierError(`Sandbox carrier: a label to ${destination} needs its customs declaration`, false);
  if (formatOf(shipment) !== 'PDF') throw new SandboxCarrierError('Sandbox carrier: labels abroad are printed as PDF only (the label and its customs form on 4x6 pages)', false);
  const rate = internationalRate(service.uid, shipment);
  if ('unavailable' in rate) throw new SandboxCarrierError(`Sandbox carrier: ${rate.unavailable}`, false);
  return rate.costCents;
};

/** The label abroad for a serial: its number (S10 for USPS, a waybill for DHL), the PDF with its customs pages, its cost. */
export const internationalLabelFor = async (shipment: LabelShipment, serial: number, shipDate: Date): Promise<InternationalLabel> => {
  const costCents = checkInternationalLabel(shipment);
  const service = findSandboxInternationalService(shipment.serviceUid);
  const customs = shipment.customs;
  if (!service || !customs) throw new SandboxCarrierError('Sandbox carrier: the label abroad was not checked', false);
  const trackingNumber = service.s10Prefix ? sandboxS10Number(service.s10Prefix, serial) : sandboxDhlWaybill(serial);
  const file = await renderInternationalLabel({ service, shipment: { ...shipment, customs }, trackingNumber, shipDate });
  return { trackingNumber, file, costCents };
};
