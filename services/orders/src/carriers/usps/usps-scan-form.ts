import { z } from 'zod';
import type { ScanFormRequest } from '../carrier.port';

/**
 * USPS SCAN Forms 3.0 (`POST /scan-forms/v3/scan-form`, form 5630 of labels by tracking number), shaped as
 * USPS/api-examples `SCANForm-LabelShipment-request.json` (../shared/research/next-wave.md §6): the request from our
 * form, and the multipart answer (the form's metadata, then its image) read back.
 */
export interface UspsScanFormRequest {
  form: '5630';
  imageType: 'PDF';
  labelType: '8.5x11LABEL';
  mailingDate: string;
  entryFacilityZIPCode: string;
  shipment: { trackingNumbers: string[] };
  fromAddress: {
    streetAddress: string;
    secondaryAddress?: string;
    city: string;
    state: string;
    ZIPCode: string;
    ZIPPlus4?: string;
    firstName?: string;
    lastName?: string;
    firm?: string;
  };
}

const zipParts = (zip: string): { zip5: string; zip4: string | null } => {
  const match = /^(\d{5})-?(\d{4})?$/.exec(zip.trim());
  return { zip5: match?.[1] ?? zip.trim().slice(0, 5), zip4: match?.[2] ?? null };
};

/** Our form as USPS takes it; the entry facility is the sender's post office (its ZIP). */
export const uspsScanFormRequestOf = (request: ScanFormRequest): UspsScanFormRequest => {
  const { from } = request;
  const { zip5, zip4 } = zipParts(from.zip);
  const [firstName, ...rest] = from.name.trim().split(/\s+/);
  return {
    form: '5630',
    imageType: 'PDF',
    labelType: '8.5x11LABEL',
    mailingDate: request.mailingDate,
    entryFacilityZIPCode: zip5,
    shipment: { trackingNumbers: request.labels.map((l) => l.trackingNumber) },
    fromAddress: {
      streetAddress: from.street1,
      ...(from.street2 ? { secondaryAddress: from.street2 } : {}),
      city: from.city,
      state: from.state,
      ZIPCode: zip5,
      ...(zip4 ? { ZIPPlus4: zip4 } : {}),
      ...(firstName ? { firstName } : {}),
      ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
      ...(from.company ? { firm: from.company } : {}),
    },
  };
};

const metadataSchema = z.object({ SCANFormNumber: z.string().min(1) }).passthrough();

/** One part of a multipart body: its headers (lower-case names) and its bytes. */
interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits a multipart body on its boundary; binary-safe (the bytes are never decoded as text). */
export const multipartParts = (contentType: string, bytes: Buffer): Part[] => {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: Part[] = [];
  let at = bytes.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (bytes.subarray(start, start + 2).toString('latin1') === '--') break;
    const next = bytes.indexOf(delimiter, start);
    if (next === -1) break;
    const raw = bytes.subarray(start, next);
    const headerEnd = raw.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers: Record<string, string> = {};
      for (const line of raw.subarray(0, headerEnd).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = raw.subarray(headerEnd + 4);
      if (body.subarray(-2).toString('latin1') === '\r\n') body = body.subarray(0, -2);
      parts.push({ headers, body });
    }
    at = next;
  }
  return parts;
};

const nameOf = (part: Part): string => /name="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1] ?? '';

/** The form's number and PDF from USPS's answer, or why it cannot be read. */
export const uspsScanFormAnswer = (contentType: string, bytes: Buffer): { ok: true; barcode: string; file: Buffer } | { ok: false; message: string } => {
  const parts = multipartParts(contentType, bytes);
  const metadataPart = parts.find((p) => /metadata/i.test(nameOf(p)));
  const imagePart = parts.find((p) => /image/i.test(nameOf(p)));
  if (!metadataPart || !imagePart) return { ok: false, message: 'USPS answered the SCAN form without its metadata and image' };
  let json: unknown;
  try {
    json = JSON.parse(metadataPart.body.toString('utf8'));
  } catch {
    return { ok: false, message: 'USPS answered the SCAN form with unreadable metadata' };
  }
  const metadata = metadataSchema.safeParse(json);
  if (!metadata.success) return { ok: false, message: 'USPS answered the SCAN form without its number' };
  // The image comes base64 (as the labels' does) or as the PDF's own bytes.
  const file = imagePart.body.subarray(0, 5).toString('latin1') === '%PDF-' ? imagePart.body : Buffer.from(imagePart.body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (file.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, message: 'USPS answered the SCAN form without a PDF' };
  return { ok: true, barcode: metadata.data.SCANFormNumber, file };
};
