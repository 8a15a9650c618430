import type { LabelShipment } from '../carrier.port';
import { courierTrackingHri, sandboxFedExTrackingNumber, sandboxUpsTrackingNumber } from './courier-tracking-numbers';
import { buildImpb, parseUsZip, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } from './impb';
import type { SandboxLabelInput } from './sandbox-label';
import type { SandboxCourierService, SandboxService } from './sandbox-services';

const isCourierService = (service: SandboxService | SandboxCourierService): service is SandboxCourierService => 'courier' in service;

/**
 * What the label of serial `serial` prints, and its tracking number in its courier's format: an IMpb for USPS, a 1Z
 * number for UPS, 12 digits for FedEx, each drawn from the serial alone so the same key always draws the same label.
 */
export const labelInputFor = (service: SandboxService | SandboxCourierService, shipment: LabelShipment, serial: number, shipDate: Date): { input: SandboxLabelInput; trackingNumber: string } => {
  const { from, to, package: pkg } = shipment;
  if (isCourierService(service)) {
    const trackingNumber = service.upsServiceCode === null ? sandboxFedExTrackingNumber(serial) : sandboxUpsTrackingNumber(service.upsServiceCode, serial);
    const input = { courier: service.courier, service, from, to, package: pkg, tracking: { number: trackingNumber, hri: courierTrackingHri(trackingNumber) }, shipDate };
    return { input, trackingNumber };
  }
  const zip = parseUsZip(to.zip);
  if (!zip) throw new Error(`An IMpb needs a 5-digit or ZIP+4 destination, got "${to.zip}"`);
  const impb = buildImpb({ zip5: zip.zip5, zip4: zip.zip4, channel: SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: SANDBOX_TEST_MAILER_ID, serial });
  return { input: { service, from, to, package: pkg, impb, shipDate }, trackingNumber: impb.trackingNumber };
};
