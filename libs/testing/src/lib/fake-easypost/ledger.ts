import { errorAnswer, NOT_FOUND, type FakeAnswer } from './errors';
import { fakePngLabel } from './png';
import { renderFakeLabel, type FakeLabelContent } from './label';
import type { FakeCarrierAccount } from './carrier-accounts';
import type { FakeRoute, FakeService } from './rates';
import { customsInfoJson } from './customs';
import { formTypeOf, renderFakeCustomsForm, type FakeFormContent } from './customs-form';
import { easyPostRecordedBody } from './recorded';
import { boughtFields, createdShipmentJson, hexId, labelFileName, rateErrorJson, rateJson, timestamp, URL_FIELDS, type FakeLabelFormat, type Json } from './shipment-json';
import { FakeEasyPostTrackers } from './trackers';
import { validateCreateShipment, type ValidShipmentRequest } from './validate';
import { feeAmount, insuranceFeeCents, insuranceOfBuy, moneyString, predefinedPriceCents, signatureSurchargeCents } from './extras';

/**
 * The fake EasyPost's books: shipments as EasyPost answers them (built from recorded bodies, shipment-json.ts), their
 * rates, the labels sold, their files and the refunds accepted. No HTTP here: each operation answers the status and
 * body EasyPost would.
 */

export type FakeRefundStatus = 'submitted' | 'refunded' | 'rejected' | 'not_applicable';

interface FakeRate {
  json: Json;
  cents: number;
  account: FakeCarrierAccount;
  service: FakeService;
}

interface StoredShipment {
  json: Json;
  rates: Map<string, FakeRate>;
  request: ValidShipmentRequest;
  /** The format of the label bought (its `label_url`); null until bought. */
  labelFormat: FakeLabelFormat | null;
  content: FakeLabelContent | null;
  /** The amount insured at the buy, cents; null when no insurance was asked. */
  insuredCents: number | null;
}

export interface FakeLabelFile {
  content: FakeLabelContent;
  format: FakeLabelFormat;
  rendered?: Promise<Buffer>;
}

/** A shipment that may be bought: what `buy` needs once the faults had their say. */
export interface Purchasable {
  stored: StoredShipment;
  rate: FakeRate;
  /** The buy's `insurance`, cents; null for none asked. */
  insuranceCents: number | null;
}

export interface FakeLedgerOptions {
  /** EasyPost services left unrated on every shipment (with a carrier message), by service name (`Express`, `Ground`…). */
  unrated: ReadonlySet<string>;
  /** Every buy answers the PNG label the recordings show, whatever `label_format` asked for. */
  pngLabelsOnly: boolean;
  /** The carrier accounts of the fake's API key. */
  accounts: readonly FakeCarrierAccount[];
}

const EXTENSIONS: Readonly<Record<FakeLabelFormat, string>> = { PNG: 'png', PDF: 'pdf', ZPL: 'zpl' };

const linesOf = (address: Json): string[] =>
  [address['name'], address['company'], address['street1'], address['street2'], `${String(address['city'])} ${String(address['state'])} ${String(address['zip'])}`]
    .filter((line): line is string => typeof line === 'string' && line.trim() !== '');

const routeOf = (request: ValidShipmentRequest): FakeRoute => ({
  weightOz: request.parcel.weight,
  lengthIn: request.parcel.length ?? null,
  widthIn: request.parcel.width ?? null,
  heightIn: request.parcel.height ?? null,
  fromZip: String(request.from_address['zip'] ?? ''),
  toZip: String(request.to_address['zip'] ?? ''),
  toCountry: request.destinationCountry ?? 'US',
});

/** The services an account rates for a shipment, or why it rates none (a `rate_error`). */
const servicesFor = (account: FakeCarrierAccount, request: ValidShipmentRequest): readonly FakeService[] | string => {
  const country = request.destinationCountry;
  if (country !== null) {
    const abroad = account.abroad.filter((service) => !service.countries || service.countries.includes(country));
    return abroad.length > 0 ? abroad : `${account.readable} has no service to ${country} on this account.`;
  }
  // EasyPost's DHL Express guide: "DHL Express does not offer domestic shipping services within the U.S."
  return account.domestic ? account.services : `${account.readable} does not offer domestic shipments within the US.`;
};

export class FakeEasyPostLedger {
  readonly trackers: FakeEasyPostTrackers;
  private readonly shipments = new Map<string, StoredShipment>();
  private readonly files = new Map<string, FakeLabelFile>();
  private readonly forms = new Map<string, Promise<Buffer>>();
  private sold = 0;
  private refundsAccepted = 0;
  private trackingSerial = Math.floor(Math.random() * 1e9);

  /** `baseUrl` is where the label files are served (the fake's own address). */
  constructor(
    private readonly baseUrl: () => string,
    private readonly options: FakeLedgerOptions,
  ) {
    this.trackers = new FakeEasyPostTrackers(baseUrl);
  }

  get labelsSold(): number {
    return this.sold;
  }

  get voidsAccepted(): number {
    return this.refundsAccepted;
  }

  get shipmentCount(): number {
    return this.shipments.size;
  }

  shipment(shipmentId: string): Json | undefined {
    return this.shipments.get(shipmentId)?.json;
  }

  file(name: string): FakeLabelFile | undefined {
    return this.files.get(name);
  }

  create(body: unknown): FakeAnswer {
    const request = validateCreateShipment(body, this.options.accounts);
    if ('status' in request) return errorAnswer(request);
    const id = hexId('shp');
    const now = timestamp();
    const rates = new Map<string, FakeRate>();
    const messages: Json[] = [];
    const route = routeOf(request);
    for (const account of request.carrierAccounts) {
      const services = servicesFor(account, request);
      if (typeof services === 'string') {
        messages.push(rateErrorJson(account, services));
        continue;
      }
      for (const service of services) {
        if (this.options.unrated.has(service.service)) {
          messages.push(rateErrorJson(account, `${service.service} is not available for this shipment.`));
          continue;
        }
        const priced = this.priceOf(account, service, request, route);
        if (typeof priced === 'string') {
          // One message per account and reason, as a carrier states why it rates none in that packaging.
          if (!messages.some((message) => message['carrier_account_id'] === account.id && message['message'] === priced)) messages.push(rateErrorJson(account, priced));
          continue;
        }
        const cents = priced;
        const json = rateJson({ account, service, route, cents }, id, now);
        rates.set(String(json['id']), { json, cents, account, service });
      }
    }
    const json = createdShipmentJson(id, request, [...rates.values()].map((rate) => rate.json), messages);
    if (request.customs) json['customs_info'] = customsInfoJson(request.customs);
    this.shipments.set(id, { json, rates, request, labelFormat: null, content: null, insuredCents: null });
    return { status: 201, body: json, headers: { Location: `/api/v2/shipments/${id}` } };
  }

  /**
   * A service's rate for the shipment, cents, with the signature asked (EasyPost's rates include the options sent), or
   * why it is not rated: a USPS predefined package rated by another courier, or a service without that Flat Rate.
   */
  private priceOf(account: FakeCarrierAccount, service: FakeService, request: ValidShipmentRequest, route: FakeRoute): number | string {
    let cents = service.priceCents(route);
    if (request.predefinedPackage !== null) {
      if (account.carrier !== 'USPS') return `${account.readable} does not ship in a USPS ${request.predefinedPackage}.`;
      const flat = predefinedPriceCents(request.predefinedPackage, service, cents);
      if (typeof flat === 'string') return flat;
      cents = flat;
    }
    return cents + signatureSurchargeCents(account.carrier, request.deliveryConfirmation);
  }

  get(shipmentId: string): FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    return stored ? { status: 200, body: stored.json } : NOT_FOUND;
  }

  /** Checks a buy as EasyPost does before charging: the shipment, the rate, no postage yet. */
  purchasable(shipmentId: string, body: unknown): Purchasable | FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    if (!stored) return NOT_FOUND;
    const rateId = typeof body === 'object' && body !== null ? (body as { rate?: { id?: unknown } }).rate?.id : undefined;
    if (typeof rateId !== 'string' || rateId === '') {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'rate', message: 'cannot be blank' }] });
    }
    if (stored.json['postage_label'] !== null) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.POSTAGE.EXISTS', message: 'Postage already exists for this shipment.', errors: [] });
    }
    const rate = stored.rates.get(rateId);
    if (!rate) return errorAnswer({ status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: [{ field: 'rate.id', message: 'is not a rate of this shipment' }] });
    const insurance = insuranceOfBuy((body as { insurance?: unknown }).insurance);
    if (insurance !== null && typeof insurance === 'object') return errorAnswer({ status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: [insurance] });
    return { stored, rate, insuranceCents: insurance };
  }

  /** Charges for the rate and issues the label; answers the bought shipment. */
  buy({ stored, rate, insuranceCents }: Purchasable): FakeAnswer {
    const trackingCode = rate.service.trackingNumber(++this.trackingSerial);
    const format = this.options.pngLabelsOnly ? 'PNG' : stored.request.labelFormat;
    const id = String(stored.json['id']);
    stored.content = { trackingCode, carrier: rate.account.readable, service: rate.service.service, toLines: linesOf(stored.request.to_address), fromLines: linesOf(stored.request.from_address) };
    stored.labelFormat = format;
    Object.assign(
      stored.json,
      boughtFields({
        selectedRate: rate.json,
        trackingCode,
        cents: rate.cents,
        labelUrl: this.issueFile(stored.content, format),
        format,
        tracker: this.trackers.create(trackingCode, id, rate.account.carrier),
        toAddress: stored.json['to_address'] as Json,
        insured: insuranceCents === null ? null : { amount: moneyString(insuranceCents), feeAmount: feeAmount(insuranceFeeCents(insuranceCents)) },
      }),
    );
    stored.insuredCents = insuranceCents;
    if (stored.request.customs) stored.json['forms'] = [this.issueForm({ type: formTypeOf(rate.account.carrier, stored.request.customs), trackingCode, carrier: rate.account.readable, fromLines: stored.content.fromLines, toLines: stored.content.toLines, customs: stored.request.customs })];
    this.sold += 1;
    return { status: 200, body: stored.json };
  }

  /**
   * `GET /v2/shipments/:id/label?file_format=…` (recorded: a PNG label converted to ZPL answers the shipment with
   * `label_zpl_url` set). EasyPost documents that only a PNG label converts (easypost-node Options.d.ts), so a
   * label bought in another format answers the format it has and refuses any other.
   */
  convert(shipmentId: string, fileFormat: string | null): FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    if (!stored) return NOT_FOUND;
    const format = fileFormat?.toUpperCase();
    if (format !== 'PDF' && format !== 'ZPL') {
      return errorAnswer({ status: 422, code: 'PARAMETER.INVALID', message: 'Invalid parameter.', errors: [{ field: 'file_format', message: 'must be PDF or ZPL: this fake converts to no other format' }] });
    }
    const label = stored.json['postage_label'] as Json | null;
    if (!label || !stored.content) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.POSTAGE.REQUIRED', message: 'This shipment has no postage label to convert.', errors: [] });
    }
    if (label[URL_FIELDS[format]]) return { status: 200, body: stored.json };
    if (stored.labelFormat !== 'PNG') {
      return errorAnswer({ status: 422, code: 'SHIPMENT.LABEL.CONVERSION_UNAVAILABLE', message: `A ${String(stored.labelFormat)} label cannot be converted: only PNG labels are.`, errors: [] });
    }
    Object.assign(label, { [URL_FIELDS[format]]: this.issueFile(stored.content, format), updated_at: timestamp() });
    return { status: 200, body: stored.json };
  }

  /**
   * Files the customs form of an international buy and answers its Form, built on the recorded one (recorded/customs.json
   * `formGenerated`); its PDF is served at `/files/form/…` as EasyPost's are.
   */
  private issueForm(content: FakeFormContent): Json {
    const recorded = ((easyPostRecordedBody('customs', 'formGenerated') as Json)['forms'] as Json[])[0] ?? {};
    const name = labelFileName('pdf');
    const rendered = renderFakeCustomsForm(content);
    rendered.catch(() => undefined);
    this.forms.set(name, rendered);
    const now = timestamp();
    return { ...recorded, id: hexId('form'), created_at: now, updated_at: now, form_type: content.type, form_url: `${this.baseUrl()}/files/form/${name}` };
  }

  /** A customs form's PDF by its file name, or undefined. */
  formFile(name: string): Promise<Buffer> | undefined {
    return this.forms.get(name);
  }

  /** Files a label in one format and answers its address; a PDF is rendered at once, as EasyPost's is ready. */
  private issueFile(content: FakeLabelContent, format: FakeLabelFormat): string {
    const name = labelFileName(EXTENSIONS[format]);
    const rendered = format === 'PDF' ? renderFakeLabel(content) : format === 'PNG' ? Promise.resolve(fakePngLabel()) : undefined;
    // A failure surfaces at the download.
    rendered?.catch(() => undefined);
    this.files.set(name, { format, content, ...(rendered ? { rendered } : {}) });
    return `${this.baseUrl()}/files/postage_label/${name}`;
  }

  /** A sold label by its tracking code, with what it was insured for (null: not insured at the buy). */
  soldLabel(trackingCode: string): { shipmentId: string; insuredCents: number | null; refunded: boolean } | undefined {
    const stored = this.storedOf(trackingCode);
    if (!stored || stored.json['postage_label'] === null) return undefined;
    return { shipmentId: String(stored.json['id']), insuredCents: stored.insuredCents, refunded: stored.json['refund_status'] != null && stored.json['refund_status'] !== 'rejected' };
  }

  /** The shipment id of a sold tracking code (what `settleRefund` takes). */
  shipmentIdOf(trackingCode: string): string | undefined {
    const stored = this.storedOf(trackingCode);
    return stored ? String(stored.json['id']) : undefined;
  }

  /** The carrier of the rate bought (`UPS`, …), as a Refund names it. */
  private carrierOf(stored: StoredShipment): string | undefined {
    const selected = stored.json['selected_rate'] as Json | null;
    return typeof selected?.['carrier'] === 'string' ? selected['carrier'] : undefined;
  }

  private storedOf(trackingCode: string): StoredShipment | undefined {
    return [...this.shipments.values()].find((shipment) => shipment.json['tracking_code'] === trackingCode);
  }

  /** Accepts a refund unless one is pending or done (a rejected one may be asked again). */
  private acceptRefund(stored: StoredShipment): boolean {
    const status = stored.json['refund_status'];
    if (stored.json['postage_label'] === null || (status !== null && status !== 'rejected')) return false;
    stored.json['refund_status'] = 'submitted';
    stored.json['updated_at'] = timestamp();
    this.refundsAccepted += 1;
    return true;
  }

  refund(shipmentId: string): FakeAnswer {
    const stored = this.shipments.get(shipmentId);
    if (!stored) return NOT_FOUND;
    if (stored.json['postage_label'] === null) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.REFUND.UNAVAILABLE', message: 'This shipment has no postage to refund.', errors: [] });
    }
    if (!this.acceptRefund(stored)) {
      return errorAnswer({ status: 422, code: 'SHIPMENT.REFUND.UNAVAILABLE', message: 'A refund has already been requested for this shipment.', errors: [] });
    }
    return { status: 200, body: stored.json };
  }

  /**
   * `POST /v2/refunds` (recorded: 201 and one Refund per tracking code). A code the fake never sold is left out of
   * the answer: no recording shows what EasyPost answers for one (recorded/README.md).
   */
  bulkRefund(body: unknown): FakeAnswer {
    const refund = typeof body === 'object' && body !== null ? (body as { refund?: { carrier?: unknown; tracking_codes?: unknown } }).refund : undefined;
    const codes = refund?.tracking_codes;
    if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === 'string' && code.trim() !== '')) {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'refund.tracking_codes', message: 'cannot be blank' }] });
    }
    const recorded = (easyPostRecordedBody('refund', 'bulk') as Json[])[0] as Json;
    const now = timestamp();
    const refunds = (codes as string[]).flatMap((code) => {
      const stored = this.storedOf(code);
      if (!stored) return [];
      this.acceptRefund(stored);
      return [{ ...recorded, id: hexId('rfnd'), created_at: now, updated_at: now, tracking_code: code, status: stored.json['refund_status'], carrier: this.carrierOf(stored) ?? (typeof refund?.carrier === 'string' ? refund.carrier : 'USPS'), shipment_id: stored.json['id'] }];
    });
    return { status: 201, body: refunds };
  }

  /** Moves a submitted refund on, as USPS's answer days later would. */
  settleRefund(shipmentId: string, status: Exclude<FakeRefundStatus, 'submitted'>): void {
    const stored = this.shipments.get(shipmentId);
    if (!stored || stored.json['refund_status'] == null) throw new Error(`no refund requested for ${shipmentId}`);
    stored.json['refund_status'] = status;
    stored.json['updated_at'] = timestamp();
  }
}
