import { imageOfPart, isJsonPart, jsonOfPart, multipartParts, partName } from './usps-multipart';

/**
 * A bought label's answer, by its Content-Type, as one `LabelVendorResponse` (Labels OpenAPI 3.9.13) for the mapper:
 * - `application/vnd.usps.labels+json` (what we ask for): that object as it is;
 * - USPS's default `multipart/form-data` (`LabelMultiPartResponse`): the `labelMetadata` JSON part with the
 *   `labelImage` part (base64) as its `labelImage`; a `receiptImage` or return label part is not the label;
 * - `application/json`: the spec lets it be the multipart's JSON form (`labelMetadata` + `labelImage`) or the
 *   vendor object, so both are read.
 * A sold label whose answer is neither must still be recorded as a sale: the caller says so, never buys again.
 */
export type LabelAnswer = { ok: true; value: unknown } | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fromMultipart = (contentType: string, bytes: Buffer): LabelAnswer => {
  const parts = multipartParts(contentType, bytes);
  const metadataPart = parts.find((part) => partName(part) === 'labelMetadata') ?? parts.find(isJsonPart);
  const imagePart = parts.find((part) => partName(part) === 'labelImage') ?? parts.find((part) => !isJsonPart(part) && !/receipt|return/i.test(partName(part)));
  if (!metadataPart) return { ok: false, message: 'USPS answered the label as multipart without its labelMetadata part' };
  const metadata = jsonOfPart(metadataPart);
  if (!isObject(metadata)) return { ok: false, message: 'USPS answered the label with labelMetadata that is not JSON' };
  if (!imagePart) {
    // The label was sold: its number, when the metadata has it, is what the operator needs to find and void it.
    const trackingNumber = typeof metadata['trackingNumber'] === 'string' ? `label ${metadata['trackingNumber']}` : 'the label';
    return { ok: false, message: `USPS answered ${trackingNumber} without its labelImage part` };
  }
  return { ok: true, value: { ...metadata, labelImage: imageOfPart(imagePart).toString('base64') } };
};

const fromJson = (bytes: Buffer): LabelAnswer => {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return { ok: false, message: 'USPS answered the label with JSON that cannot be read' };
  }
  if (isObject(json) && isObject(json['labelMetadata'])) return { ok: true, value: { ...json['labelMetadata'], labelImage: json['labelImage'] } };
  return { ok: true, value: json };
};

export const uspsLabelAnswer = (contentType: string, bytes: Buffer): LabelAnswer => {
  if (/^\s*multipart\//i.test(contentType)) return fromMultipart(contentType, bytes);
  if (/json/i.test(contentType)) return fromJson(bytes);
  return { ok: false, message: `USPS answered the label as ${contentType.trim() || 'an unnamed media type'}, neither JSON nor multipart` };
};
