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

/** The names of a label's parts: an outbound label's, or a return label's (`returnLabelMetadata`, `returnLabelImage`). */
export interface LabelPartNames {
  metadata: string;
  image: string;
}

const OUTBOUND_PARTS: LabelPartNames = { metadata: 'labelMetadata', image: 'labelImage' };
/** `ReturnLabelMultiPartResponse` and `ReturnLabelVendorResponse` (Labels 3.9.13's `POST /return-label`). */
export const RETURN_LABEL_PARTS: LabelPartNames = { metadata: 'returnLabelMetadata', image: 'returnLabelImage' };

const fromMultipart = (contentType: string, bytes: Buffer, names: LabelPartNames): LabelAnswer => {
  const parts = multipartParts(contentType, bytes);
  const metadataPart = parts.find((part) => partName(part) === names.metadata) ?? parts.find(isJsonPart);
  const otherImage = names === OUTBOUND_PARTS ? /receipt|return/i : /receipt/i;
  const imagePart = parts.find((part) => partName(part) === names.image) ?? parts.find((part) => !isJsonPart(part) && !otherImage.test(partName(part)));
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

const fromJson = (bytes: Buffer, names: LabelPartNames): LabelAnswer => {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return { ok: false, message: 'USPS answered the label with JSON that cannot be read' };
  }
  const metadata = isObject(json) ? json[names.metadata] : undefined;
  if (isObject(json) && isObject(metadata)) return { ok: true, value: { ...metadata, labelImage: json[names.image] } };
  // The vendor object: a return's image is its `returnLabelImage`, read as the label's.
  if (isObject(json) && names !== OUTBOUND_PARTS && json[names.image] !== undefined) return { ok: true, value: { ...json, labelImage: json[names.image] } };
  return { ok: true, value: json };
};

export const uspsLabelAnswer = (contentType: string, bytes: Buffer, names: LabelPartNames = OUTBOUND_PARTS): LabelAnswer => {
  if (/^\s*multipart\//i.test(contentType)) return fromMultipart(contentType, bytes, names);
  if (/json/i.test(contentType)) return fromJson(bytes, names);
  return { ok: false, message: `USPS answered the label as ${contentType.trim() || 'an unnamed media type'}, neither JSON nor multipart` };
};
