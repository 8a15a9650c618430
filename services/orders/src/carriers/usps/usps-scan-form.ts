import type { ScanFormRequest } from '../carrier.port';
import { addressee } from './usps.mapper';
import type { UspsAddress } from './usps.schema';

/**
 * The request of USPS SCAN Forms 3.1.14 (`POST /scan-forms/v3/scan-form`, `SCANFormRequest` with a `LabelShipment`:
 * PS Form 5630 of labels by tracking number), from our form. `usps.openapi.spec.ts` checks it, as sent, against the
 * vendored SCAN Forms spec (ajv, `uspsSpecs()` of @labeldesk/testing).
 */
export interface UspsScanFormRequest {
  /**
   * Deprecated in 3.1.14 for `imageInfo`, still in the schema, and what USPS's own example request and karrio's
   * recorded request send: kept until USPS drops them.
   */
  form: '5630';
  imageType: 'PDF';
  labelType: '8.5x11LABEL';
  mailingDate: string;
  entryFacilityZIPCode: string;
  destinationEntryFacilityType: 'NONE';
  shipment: { trackingNumbers: string[] };
  /** `SCANFormAddress`: flat, and "the firstName and lastName or firm are always required". */
  fromAddress: Pick<UspsAddress, 'firstName' | 'lastName' | 'firm' | 'streetAddress' | 'secondaryAddress' | 'city' | 'state' | 'ZIPCode' | 'ZIPPlus4'>;
}

const zipParts = (zip: string): { zip5: string; zip4: string | null } => {
  const match = /^(\d{5})-?(\d{4})?$/.exec(zip.trim());
  return { zip5: match?.[1] ?? zip.trim().slice(0, 5), zip4: match?.[2] ?? null };
};

/**
 * Our form as USPS takes it. Our labels are bought with `destinationEntryFacilityType: NONE` ("Translate to
 * Destination Rate Indicator N": no destination entry, the parcels are handed over at the sender's post office), and
 * USPS refuses a form whose facility type differs from its labels' (error 160162), so the form says `NONE` too. For
 * the same reason the entry facility is the ZIP of the labels' `fromAddress` (error 160161 compares the two).
 */
export const uspsScanFormRequestOf = (request: ScanFormRequest): UspsScanFormRequest => {
  const { from } = request;
  const { zip5, zip4 } = zipParts(from.zip);
  return {
    form: '5630',
    imageType: 'PDF',
    labelType: '8.5x11LABEL',
    mailingDate: request.mailingDate,
    entryFacilityZIPCode: zip5,
    destinationEntryFacilityType: 'NONE',
    shipment: { trackingNumbers: request.labels.map((l) => l.trackingNumber) },
    fromAddress: {
      // The label's own rule (first and last name, or a firm), so a one-word name is not sent alone (error 160168).
      ...addressee(from.name, from.company),
      streetAddress: from.street1.trim(),
      ...(from.street2?.trim() ? { secondaryAddress: from.street2.trim() } : {}),
      city: from.city.trim(),
      state: from.state.trim().toUpperCase(),
      ZIPCode: zip5,
      ...(zip4 ? { ZIPPlus4: zip4 } : {}),
    },
  };
};
