import { centralDate, manifestInstant } from './central-time';
import { canonical, parseJson, type Reply } from './json';
import { labelRuleErrors } from './label-rules';
import { type FakeLabelMetadata, sellLabel } from './label-sale';
import { type FakeInternationalLabelMetadata, type FakeInternationalLabelRequest, internationalRuleErrors, sellInternationalLabel } from './international-sale';
import { multipartReply } from './multipart-answer';
import { type FakeReturnLabelMetadata, returnAsOutbound, returnRuleErrors, sellReturnLabel } from './return-sale';
import { type FakeUspsScan, scanOf } from './tracking';
import type { FakeLabelRequest } from './usps-requests';
import { errorBody, type UspsErrorItem } from './usps-errors';

const LABELS = '/labels/v3';

export interface FakeUspsLabel {
  trackingNumber: string;
  idempotencyKey: string | null;
  /** What the label was bought with (an international one's request carries its customsForm). */
  request: FakeLabelRequest | FakeInternationalLabelRequest;
  metadata: FakeLabelMetadata | FakeInternationalLabelMetadata | FakeReturnLabelMetadata;
  image: Buffer;
  imageFormat: 'PDF' | 'ZPL';
  state: 'issued' | 'canceled' | 'disputed';
  /** The SCAN form it is on: a form manifests its labels, so a cancel after it is a refund request. */
  scanForm: string | null;
  disputes: Array<{ disputeId: string; centralDay: string }>;
  /** Its tracking, oldest first: "label created" at the sale, then the scans a test added. */
  scans: FakeUspsScan[];
}

/**
 * Which Labels API sold it: Labels 3.9.13 (`/labels/v3/label`, or `/labels/v3/return-label` for a return) or
 * International Labels 3.3.7 (`/international-labels/v3`).
 */
export type FakeLabelApi = 'domestic' | 'international' | 'return';

const API_VERSIONS: Readonly<Record<FakeLabelApi, string>> = { domestic: LABELS, international: '/international-labels/v3', return: LABELS };

const refusal = (errors: readonly UspsErrorItem[], api: FakeLabelApi = 'domestic'): Reply => ({ status: 400, body: errorBody(API_VERSIONS[api], 400, errors) });

/** A return label: `ReturnLabelVendorResponse` (its image as `returnLabelImage`), or `ReturnLabelMultiPartResponse`'s parts. */
const returnLabelReply = (label: FakeUspsLabel, image: string, accept: string): Reply => {
  if (accept.includes('application/vnd.usps.labels+json')) return { status: 200, body: { ...label.metadata, returnLabelImage: image }, contentType: 'application/vnd.usps.labels+json' };
  const zpl = label.imageFormat === 'ZPL';
  return { ...multipartReply([
    { name: 'returnLabelMetadata', contentType: 'application/json', text: JSON.stringify(label.metadata) },
    { name: 'returnLabelImage', contentType: zpl ? 'application/octet-stream' : 'application/pdf', filename: zpl ? 'returnLabelImage.zpl' : 'returnLabelImage.pdf', text: image },
  ]), status: 200 };
};

/**
 * `application/vnd.usps.labels+json`: `LabelVendorResponse`, one JSON with the base64 image. Anything else:
 * `LabelMultiPartResponse`, the `labelMetadata` JSON then the `labelImage` base64 (a ZPL image as
 * `application/octet-stream`, the only listed type that fits it).
 */
export const labelReply = (label: FakeUspsLabel, accept: string, api: FakeLabelApi = 'domestic'): Reply => {
  const image = label.image.toString('base64');
  if (api === 'return') return returnLabelReply(label, image, accept);
  // Labels 3.9.13 answers a label 200, International Labels 3.3.7 201.
  const status = api === 'international' ? 201 : 200;
  if (accept.includes('application/vnd.usps.labels+json')) return { status, body: { ...label.metadata, labelImage: image }, contentType: 'application/vnd.usps.labels+json' };
  const zpl = label.imageFormat === 'ZPL';
  return { ...multipartReply([
    { name: 'labelMetadata', contentType: 'application/json', text: JSON.stringify(label.metadata) },
    { name: 'labelImage', contentType: zpl ? 'application/octet-stream' : 'application/pdf', filename: zpl ? 'labelImage.zpl' : 'labelImage.pdf', text: image },
  ]), status };
};

/**
 * The labels the fake sells and cancels: `POST /labels/v3/label` (idempotent by `X-Idempotency-Key`, USPS's
 * business rules checked after the spec) and `DELETE /labels/v3/label/{trackingNumber}` (CANCELED before the 12:30am
 * CT manifest after the mailing date, a DISPUTED refund request after it, one per label per day).
 */
export class FakeUspsLabelDesk {
  readonly labels = new Map<string, FakeUspsLabel>();
  sold = 0;
  voids = 0;
  private readonly byKey = new Map<string, { fingerprint: string; label: Promise<FakeUspsLabel> }>();
  private disputeSerial = 103_788;

  constructor(
    private readonly mailerId: string,
    private readonly now: () => Date,
  ) {}

  /**
   * A body the spec accepted: the label answer, and whether this call sold it (a replayed key sells nothing). Both
   * Labels APIs share the key rule, the cancel and the labels' tracking; each has its own rules and label.
   */
  async buy(key: string | null, body: string, accept: string, api: FakeLabelApi = 'domestic'): Promise<{ reply: Reply; fresh: boolean }> {
    const json = parseJson(body);
    if (!json.ok) return { reply: refusal([{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }], api), fresh: false };
    const request = json.value as FakeLabelRequest | FakeInternationalLabelRequest;
    const fingerprint = canonical(request);
    const known = key === null ? undefined : this.byKey.get(key);
    if (known) {
      // USPS: the same key with an identical payload returns the existing label, with no new charge. It publishes no
      // answer for a different payload; the fake refuses it as a bad request naming the header.
      if (known.fingerprint !== fingerprint) {
        return { reply: refusal([{ code: 'IDEMPOTENCY', parameter: 'X-Idempotency-Key', detail: 'X-Idempotency-Key was already used with a different request' }], api), fresh: false };
      }
      return { reply: labelReply(await known.label, accept, api), fresh: false };
    }
    const broken =
      api === 'international' ? internationalRuleErrors(request as FakeInternationalLabelRequest) : api === 'return' ? returnRuleErrors(request as FakeLabelRequest, this.now()) : labelRuleErrors(request as FakeLabelRequest, this.now());
    if (broken.length > 0) return { reply: refusal(broken, api), fresh: false };

    this.sold += 1;
    const sale = this.sell(request, key, this.sold, api);
    if (key !== null) this.byKey.set(key, { fingerprint, label: sale });
    try {
      return { reply: labelReply(await sale, accept, api), fresh: true };
    } catch (error) {
      this.sold -= 1;
      if (key !== null) this.byKey.delete(key);
      throw error;
    }
  }

  cancel(trackingNumber: string, api: FakeLabelApi = 'domestic'): Reply {
    const label = this.labels.get(trackingNumber);
    const refuse = (code: string, detail: string) => refusal([{ code, parameter: 'trackingNumber', detail }], api);
    if (!label) return refuse('160185', 'Order not found');
    if (label.state === 'canceled') return refuse('160186', 'Order already canceled');
    const now = this.now();
    if (label.scanForm === null && now < manifestInstant(label.request.packageDescription.mailingDate)) {
      label.state = 'canceled';
      this.voids += 1;
      return { status: 200, body: { trackingNumber, status: 'CANCELED' } };
    }
    // After the Shipping Services File: a refund request, one per CRID per label per day.
    const centralDay = centralDate(now);
    if (label.disputes.some((dispute) => dispute.centralDay === centralDay)) return refuse('00000XX', 'A refund request for this order has already been submitted today');
    this.disputeSerial += 1;
    const disputeId = String(this.disputeSerial);
    label.disputes.push({ disputeId, centralDay });
    label.state = 'disputed';
    this.voids += 1;
    return { status: 200, body: { trackingNumber, status: 'DISPUTED', disputeId } };
  }

  private async sell(request: FakeLabelRequest | FakeInternationalLabelRequest, key: string | null, serial: number, api: FakeLabelApi): Promise<FakeUspsLabel> {
    const { trackingNumber, metadata, image, imageFormat } =
      api === 'international'
        ? await sellInternationalLabel(request as FakeInternationalLabelRequest, serial)
        : api === 'return'
          ? await sellReturnLabel(request as FakeLabelRequest, this.mailerId, serial, this.now())
          : await sellLabel(request as FakeLabelRequest, this.mailerId, serial);
    // A return is kept as the outbound label of its class (with today's mailing date): cancels and tracking read it so.
    const kept = api === 'return' ? returnAsOutbound(request as FakeLabelRequest, this.now()) : request;
    const label: FakeUspsLabel = { trackingNumber, idempotencyKey: key, request: kept, metadata, image, imageFormat, state: 'issued', scanForm: null, disputes: [], scans: [scanOf('label_created', this.now())] };
    this.labels.set(trackingNumber, label);
    return label;
  }
}
