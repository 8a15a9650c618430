import { z } from 'zod';
import { imageOfPart, isJsonPart, jsonOfPart, type MultipartPart, multipartParts, partName } from './usps-multipart';

/**
 * A made SCAN form's answer read back: its number (`manifestNumber`, the Electronic File Number of SCAN Forms
 * 3.1.14's `SCANFormMetaData`) and its PDF. The answer comes as
 * - the spec's multipart: a `SCANFormMetaData` JSON part and a `SCANFormImage` part, "always Base64 encoded";
 * - USPS's own sample (api-examples `SCANForm-LabelShipment-response.json`): parts named `Scan Form Response` and
 *   `label`, the same JSON and base64 PDF;
 * - JSON: the spec's `SCANForm` (`SCANFormMetaData` + `SCANFormImage`; karrio's recording spells it
 *   `SCANFormMetadata`) or, for the vendor Accept, `SCANFormVendorResponse` (the metadata with `SCANFormImage`).
 * When the form cannot be read, the number is still passed on if the metadata named it.
 */
export type ScanFormAnswer = { ok: true; barcode: string; file: Buffer } | { ok: false; message: string; barcode: string | null };

const numberSchema = z.looseObject({ manifestNumber: z.string().min(1) });

const numberOf = (metadata: unknown): string | null => {
  const parsed = numberSchema.safeParse(metadata);
  return parsed.success ? parsed.data.manifestNumber : null;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const formOf = (metadata: unknown, image: Buffer | null, shape: string): ScanFormAnswer => {
  const barcode = numberOf(metadata);
  if (!barcode) return { ok: false, message: `USPS answered the SCAN form (${shape}) without its manifestNumber`, barcode: null };
  if (!image || image.length === 0) return { ok: false, message: `USPS answered SCAN form ${barcode} without its image`, barcode };
  if (image.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, message: `USPS answered SCAN form ${barcode} with an image that is not a PDF`, barcode };
  return { ok: true, barcode, file: image };
};

const isMetadataPart = (part: MultipartPart): boolean => isJsonPart(part) || /metadata|response/i.test(partName(part));

const fromMultipart = (contentType: string, bytes: Buffer): ScanFormAnswer => {
  const parts = multipartParts(contentType, bytes);
  const metadataPart = parts.find(isMetadataPart);
  if (!metadataPart) return { ok: false, message: 'USPS answered the SCAN form as multipart without its metadata part', barcode: null };
  const imagePart = parts.find((part) => part !== metadataPart);
  return formOf(jsonOfPart(metadataPart), imagePart ? imageOfPart(imagePart) : null, 'multipart');
};

const base64File = (value: unknown): Buffer | null => (typeof value === 'string' ? Buffer.from(value, 'base64') : null);

const fromJson = (bytes: Buffer): ScanFormAnswer => {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return { ok: false, message: 'USPS answered the SCAN form with JSON that cannot be read', barcode: null };
  }
  if (!isObject(json)) return { ok: false, message: 'USPS answered the SCAN form with JSON that is not an object', barcode: null };
  const wrapped = json['SCANFormMetaData'] ?? json['SCANFormMetadata'];
  return formOf(isObject(wrapped) ? wrapped : json, base64File(json['SCANFormImage']), 'JSON');
};

export const uspsScanFormAnswer = (contentType: string, bytes: Buffer): ScanFormAnswer => {
  if (/^\s*multipart\//i.test(contentType)) return fromMultipart(contentType, bytes);
  if (/json/i.test(contentType)) return fromJson(bytes);
  return { ok: false, message: `USPS answered the SCAN form as ${contentType.trim() || 'an unnamed media type'}, neither multipart nor JSON`, barcode: null };
};
