import { type BoughtLabel, type CarrierShippingService, type CarrierRefs, type LabelAddress, type LabelFormat, type LabelShipment, type LabelShipper, SHIPPING_SERVICE_UIDS, type ShippingServiceUid } from '../carrier.port';
import { FORMAT_NAMES, formatOf, isLabelFileOf } from '../label-file';
import type { UspsProblem } from './usps.client';
import { labelResponseSchema, type UspsAddress, type UspsLabelRequest, type UspsAddressLines, type UspsMailClass, type UspsParcel, type UspsSenderAddress } from './usps.schema';

/**
 * Our shipment ⇄ the USPS Labels API v3 payloads, as pure functions (tested on stored payloads). Limits are the
 * published schema's (Labels OpenAPI 3.9.13): a shipment USPS would refuse for a length or a format is refused here,
 * in plain words, before anything is sent.
 */

export type Mapped<T> = { ok: true; value: T } | { ok: false; message: string };

export const USPS_SHIPPING_SERVICES: readonly CarrierShippingService[] = Object.freeze([
  { uid: 'usps_priority', name: 'USPS Priority Mail', category: 'USPS', maxWeightLb: 70 },
  { uid: 'usps_priority_express', name: 'USPS Priority Mail Express', category: 'USPS', maxWeightLb: 70 },
  { uid: 'usps_ground_advantage', name: 'USPS Ground Advantage', category: 'USPS', maxWeightLb: 70 },
]);

const MAIL_CLASSES: Readonly<Record<ShippingServiceUid, UspsMailClass>> = {
  usps_priority: 'PRIORITY_MAIL',
  usps_priority_express: 'PRIORITY_MAIL_EXPRESS',
  usps_ground_advantage: 'USPS_GROUND_ADVANTAGE',
};

export const isShippingServiceUid = (uid: string): uid is ShippingServiceUid => (SHIPPING_SERVICE_UIDS as readonly string[]).includes(uid);

/** The shipper's contact details USPS asks a label platform to report with each label (`SENDER_INFORMATION`). */
export interface UspsShipper {
  /** Our id of the customer buying the label (≤ 30 characters). */
  platformUserId: string;
  email: string;
  phone: string;
}

/** Our customer → the shipper USPS is told about; null without both a phone and an e-mail (USPS needs the two). */
export const uspsShipperOf = (shipment: Pick<LabelShipment, 'shipper'>): UspsShipper | null => {
  const shipper = shipment.shipper;
  const email = shipper?.email?.trim();
  const phone = shipper?.phone?.trim();
  if (!shipper || !email || !phone) return null;
  return { platformUserId: shipper.accountId, email, phone };
};

export interface LabelRequestContext {
  /** `YYYY-MM-DD`, the mailing day in US Central time (see centralDate). */
  mailingDate: string;
  /** Null when the caller has no shipper contact to report: the request then names no shipper visibility method. */
  shipper: UspsShipper | null;
}

/** The `State` pattern of the schema: the states, DC, territories and military codes USPS addresses. */
const USPS_STATES = new Set(
  'AA AE AL AK AP AS AZ AR CA CO CT DE DC FM FL GA GU HI ID IL IN IA KS KY LA ME MH MD MA MI MN MS MO MP MT NE NV NH NJ NM NY NC ND OH OK OR PW PA PR RI SC SD TN TX UT VT VI VA WA WV WI WY'.split(' '),
);
const PHONE = /^\+?[1-9][0-9]{7,14}$|^[0-9]{6,15}$/;
const EMAIL = /^[a-zA-Z0-9_+&*-]+(?:\.[a-zA-Z0-9_+&*-]+)*@(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;

const central = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in US Central time, `YYYY-MM-DD`: USPS manifests at 12:30am CT after the mailing date. */
export const centralDate = (now: Date): string => central.format(now);

/** Names are printed, so a long one is shortened; addresses are not, so a long one is refused instead. */
export const clip = (value: string, max: number) => [...value].slice(0, max).join('');

/** USPS wants digits only (a leading + allowed); null when what is left is not a phone number USPS accepts. */
export const uspsPhone = (phone: string | null): string | null => {
  if (!phone) return null;
  const digits = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return PHONE.test(digits) ? digits : null;
};

export const addressee = (name: string, company: string | null): Pick<UspsAddress, 'firstName' | 'lastName' | 'firm'> | null => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const firm = company?.trim() ? { firm: clip(company.trim(), 50) } : {};
  if (words.length >= 2) return { firstName: clip(words.slice(0, -1).join(' '), 50), lastName: clip(words[words.length - 1] ?? '', 50), ...firm };
  // USPS requires first and last name, or a firm: a one-word name without a company is printed as the firm.
  if (words.length === 1) return 'firm' in firm ? { firstName: clip(words[0] ?? '', 50), ...firm } : { firm: clip(words[0] ?? '', 50) };
  return 'firm' in firm ? firm : null;
};

type Limits = ReadonlyArray<readonly [value: string, label: string, max: number]>;

/** The addressee, street lines and city both Labels APIs take, each within USPS's lengths (`more`: other fields' limits). */
export const addressLinesOf = (address: LabelAddress, who: string, more: Limits = []): Mapped<UspsAddressLines> => {
  const names = addressee(address.name, address.company);
  if (!names) return { ok: false, message: `The ${who} needs a name or a company.` };
  const street = address.street1.trim();
  const street2 = address.street2?.trim() ?? '';
  const city = address.city.trim();
  const limits: Limits = [[street, 'street', 50], [street2, 'second street line', 50], [city, 'city', 28], ...more];
  for (const [value, label, max] of limits) {
    if ([...value].length > max) return { ok: false, message: `The ${who} ${label} is ${[...value].length} characters long; USPS takes at most ${max}.` };
  }
  if (!street || !city) return { ok: false, message: `The ${who} street and city are required.` };
  return { ok: true, value: { ...names, streetAddress: street, ...(street2 ? { secondaryAddress: street2 } : {}), city } };
};

export const toUspsAddress = (address: LabelAddress, who: string): Mapped<UspsAddress> => {
  const lines = addressLinesOf(address, who);
  if (!lines.ok) return lines;
  const zip = /^(\d{5})(?:-?(\d{4}))?$/.exec(address.zip.trim());
  if (!zip?.[1]) return { ok: false, message: `The ${who} ZIP code "${address.zip}" is neither 5 digits nor ZIP+4.` };
  const state = address.state.trim().toUpperCase();
  if (!USPS_STATES.has(state)) return { ok: false, message: `The ${who} state "${address.state}" is not a US state code USPS delivers to.` };
  const phone = uspsPhone(address.phone);
  return {
    ok: true,
    value: {
      ...lines.value,
      state,
      ZIPCode: zip[1],
      ...(zip[2] ? { ZIPPlus4: zip[2] } : {}),
      ...(phone ? { phone } : {}),
    },
  };
};

/** USPS's `imageType` for each label format: ZPL at 203 dpi, what 4x6 thermal printers print. */
export const USPS_IMAGE_TYPES = { PDF: 'PDF', ZPL: 'ZPL203DPI' } as const satisfies Record<LabelFormat, string>;

/** Shipment → `LabelRequest`, or why USPS could not take it. */
export const toLabelRequest = (shipment: LabelShipment, context: LabelRequestContext): Mapped<UspsLabelRequest> => {
  if (!isShippingServiceUid(shipment.serviceUid)) return { ok: false, message: `USPS does not sell the service "${shipment.serviceUid}".` };
  const { weightLb, lengthIn, widthIn, heightIn } = shipment.package;
  if (!(weightLb > 0) || weightLb > 70) return { ok: false, message: `USPS takes parcels from over 0 up to 70 lb; this one weighs ${weightLb} lb.` };
  if (!(lengthIn > 0 && widthIn > 0 && heightIn > 0)) return { ok: false, message: 'USPS needs the length, width and height of the parcel, each greater than 0 inches.' };
  const to = toUspsAddress(shipment.to, 'recipient');
  if (!to.ok) return to;
  const from = toUspsAddress(shipment.from, 'sender');
  if (!from.ok) return from;

  const references = referencesOf(shipment).map((referenceNumber) => ({ referenceNumber, printReferenceNumber: true }));

  const request: UspsLabelRequest = {
    imageInfo: { imageType: USPS_IMAGE_TYPES[formatOf(shipment)], labelType: '4X6LABEL', receiptOption: 'NONE', suppressPostage: false, suppressMailDate: false },
    toAddress: to.value,
    fromAddress: from.value,
    packageDescription: {
      mailClass: MAIL_CLASSES[shipment.serviceUid],
      ...parcelOf(shipment, context.mailingDate),
      ...(references.length > 0 ? { customerReference: references } : {}),
    },
  };
  if (!context.shipper) return { ok: true, value: request };
  const sender = toSenderAddress(from.value, context.shipper);
  if (!sender.ok) return sender;
  return { ok: true, value: { ...request, senderAddress: sender.value, packageDescription: { ...request.packageDescription, shipperVisibilityMethod: 'SENDER_INFORMATION' } } };
};

/** The parcel as both Labels APIs describe it: single-piece, machinable, dropped at a Post Office, in lb and inches. */
export const parcelOf = (shipment: LabelShipment, mailingDate: string): UspsParcel => ({
  rateIndicator: 'SP',
  weightUOM: 'lb',
  weight: shipment.package.weightLb,
  dimensionsUOM: 'in',
  length: shipment.package.lengthIn,
  width: shipment.package.widthIn,
  height: shipment.package.heightIn,
  processingCategory: 'MACHINABLE',
  destinationEntryFacilityType: 'NONE',
  mailingDate,
});

/** The spec's package references (quantity, SKU), as USPS takes them: at most 30 characters each, empty ones left out. */
export const referencesOf = (shipment: LabelShipment): string[] =>
  [shipment.package.reference1, shipment.package.reference2]
    .map((reference) => reference?.trim() ?? '')
    .filter((reference) => reference.length > 0)
    .map((reference) => clip(reference, 30));

/** The shipper USPS is told about (`DomesticLabelSenderAddress`): the sender address with our customer's contact. */
export const toSenderAddress = (from: UspsAddress, shipper: UspsShipper): Mapped<UspsSenderAddress> => {
  const phone = uspsPhone(shipper.phone);
  const email = shipper.email.trim();
  if (!phone) return { ok: false, message: PHONE_REFUSED };
  if (!EMAIL.test(email) || email.length > 50) return { ok: false, message: "The shipper's e-mail address is not one USPS accepts." };
  return { ok: true, value: { ...from, phone, email, platformUserId: clip(shipper.platformUserId, 30) } };
};

const PHONE_REFUSED = "The shipper's phone number is not one USPS accepts (digits, 6 to 15 of them).";

/**
 * Why USPS would refuse this shipper before anything is sent (its phone and e-mail are required, decision 128), in a
 * sentence naming what is missing, or null: asked before a return is priced, so it is said before buying.
 */
export const uspsShipperProblem = (shipper: LabelShipper | null): string | null => {
  if (!shipper?.phone?.trim()) return "USPS needs the shipper's phone number, and this order's sender address has none";
  if (!shipper.email?.trim()) return "USPS needs the shipper's e-mail address, and this account has none";
  const refused = toSenderAddress({} as UspsAddress, { platformUserId: shipper.accountId, email: shipper.email, phone: shipper.phone });
  return refused.ok ? null : refused.message.replace(/[.\s]+$/, '');
};

/**
 * Dollars as USPS sends them (JSON numbers with cents) to integer cents. Reading through a six-decimal string keeps
 * binary float error out: 10.99 * 100 is 1098.9999999999998, "10.990000" is 1099 cents.
 */
export const dollarsToCents = (dollars: number): number => {
  if (!Number.isFinite(dollars) || dollars < 0) throw new RangeError(`a price must be a finite amount of at least 0 dollars, got ${dollars}`);
  const [whole = '0', fraction = '000000'] = dollars.toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
};

/** `LabelVendorResponse` → our label: the base64 image (PDF or ZPL) decoded, cost = postage + extra services + fees, in cents. */
export const toBoughtLabel = (body: unknown, serviceUid: string, format: LabelFormat): Mapped<BoughtLabel> => {
  const parsed = labelResponseSchema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'its body';
    return { ok: false, message: `USPS answered a label whose ${where} could not be read` };
  }
  const answer = parsed.data;
  const file = Buffer.from(answer.labelImage, 'base64');
  if (!isLabelFileOf(format, file)) return { ok: false, message: `USPS answered label ${answer.trackingNumber} with an image that is not ${FORMAT_NAMES[format]}` };
  const charges = [answer.postage, ...(answer.extraServices ?? []).map((item) => item.price ?? 0), ...(answer.fees ?? []).map((item) => item.price ?? 0)];
  const carrierRefs: Record<string, string> = {};
  if (answer.SKU) carrierRefs['sku'] = answer.SKU;
  if (answer.routingInformation) carrierRefs['routingInformation'] = answer.routingInformation;
  if (answer.zone) carrierRefs['zone'] = answer.zone;
  return {
    ok: true,
    value: {
      carrier: 'usps',
      trackingNumber: answer.trackingNumber,
      serviceUid,
      format,
      file,
      costCents: charges.reduce((sum, dollars) => sum + dollarsToCents(dollars), 0),
      carrierRefs: carrierRefs as CarrierRefs,
    },
  };
};

const PLACES: Readonly<Record<string, string>> = {
  toAddress: 'recipient address',
  fromAddress: 'sender address',
  senderAddress: "shipper's contact details",
  returnAddress: 'return address',
  packageDescription: 'package',
  imageInfo: 'label format',
};

const FIELDS: Readonly<Record<string, string>> = {
  streetAddress: 'street',
  secondaryAddress: 'second street line',
  city: 'city',
  state: 'state',
  ZIPCode: 'ZIP code',
  ZIPPlus4: 'ZIP+4',
  firstName: 'first name',
  lastName: 'last name',
  firm: 'company',
  phone: 'phone',
  email: 'e-mail',
  platformUserId: 'shipper id',
  weight: 'weight',
  length: 'length',
  width: 'width',
  height: 'height',
  mailingDate: 'mailing date',
  mailClass: 'service',
  customerReference: 'references',
};

/** `toAddress.ZIPCode` → "recipient address ZIP code"; the first of several listed parameters. */
const describeParameter = (parameter: string | undefined): string => {
  const first = (parameter ?? '').split(/[,|/]/)[0]?.trim() ?? '';
  const segments = first.split('.').filter(Boolean);
  const head = segments[0];
  if (!head) return '';
  const place = PLACES[head] ?? FIELDS[head] ?? head;
  const field = segments.length > 1 ? (FIELDS[segments[segments.length - 1] ?? ''] ?? segments.slice(1).join(' ')) : '';
  return field ? `${place} ${field}` : place;
};

/** USPS's detail, without a repeated parameter path and without brackets or braces. */
const cleanDetail = (problem: UspsProblem): string => {
  const detail = (problem.detail ?? problem.title ?? 'was not accepted').trim();
  const withoutPath = problem.parameter && detail.startsWith(`${problem.parameter} `) ? detail.slice(problem.parameter.length + 1) : detail;
  return withoutPath.replace(/[{}[\]]/g, '').replace(/\s+/g, ' ').trim();
};

/** USPS's errors in plain words, naming the field: "USPS refused the label: recipient address ZIP code: ZIP Code is not valid." */
export const describeRefusal = (problems: readonly UspsProblem[], fallback: string): string => {
  const sentences = problems.map((problem) => {
    const where = describeParameter(problem.parameter);
    return where ? `${where}: ${cleanDetail(problem)}` : cleanDetail(problem);
  });
  return `USPS refused the label: ${sentences.length > 0 ? sentences.join('; ') : fallback}.`;
};
