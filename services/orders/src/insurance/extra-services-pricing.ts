import { DomainError, ErrorCode, insuranceFeeCents, SIGNATURE_NAMES, type ApiMode, type ExtraServices, type SignatureOption } from '@labeldesk/contracts';
import { CARRIER_PLUGINS, catalogServiceOf, SAMPLE_LABEL_CARRIERS, type CarrierId } from '../carriers';

/**
 * The carriers whose extras a label of one mode is priced and insured by: a test label's (single, a test batch's row,
 * or its quote) are the sandbox's (decisions 119, 124 and 127), a live one's those `CARRIERS` names.
 */
export const insuringCarriers = (mode: ApiMode, live: readonly CarrierId[]): readonly CarrierId[] => (mode === 'test' ? SAMPLE_LABEL_CARRIERS : live);

/**
 * What insurance and a signature cost on a label and where they may be had (decision 102). The fees are the ones the
 * sandbox's simulated carrier charges, chosen to sit on the real ones: insurance as EasyPost sells it (1 % of the
 * declared value, at least $1.00, up to $5,000 declared), signatures near USPS's and UPS's/FedEx's 2025 commercial fees.
 */

/** 1 % of the declared value, rounded up to the cent, at least $1.00 (EasyPost's own rule): the contracts' one rule. */
export { insuranceFeeCents };

interface SignatureFees {
  /** Null where the service does not sell that option; the reason says why and what to choose instead. */
  signature: number | null;
  adult: number | null;
  reason?: string;
}

const USPS_FEES: SignatureFees = { signature: 365, adult: 925 };
const COURIER_FEES: SignatureFees = { signature: 690, adult: 820 };

/** The signature options and their fees per service; a service not listed sells none. */
const SIGNATURE_FEES: Readonly<Record<string, SignatureFees>> = {
  usps_priority: USPS_FEES,
  usps_ground_advantage: USPS_FEES,
  // Priority Mail Express is signed for at delivery unless the sender waives it: USPS sells no Signature
  // Confirmation with it, only Adult Signature.
  usps_priority_express: {
    signature: null,
    adult: USPS_FEES.adult,
    reason: 'USPS Priority Mail Express is signed for at delivery already; signature confirmation is not sold with it (choose adult signature or none)',
  },
};

const signatureFeesOf = (serviceUid: string): SignatureFees | null => {
  const listed = SIGNATURE_FEES[serviceUid];
  if (listed) return listed;
  const service = catalogServiceOf(serviceUid);
  // UPS and FedEx sell both through delivery confirmation (EasyPost's `delivery_confirmation` option), at home only.
  if (service && service.lanes === 'domestic' && (service.courier === 'ups' || service.courier === 'fedex')) return COURIER_FEES;
  return null;
};

/** Insurance is sold on every domestic service of the catalog (by the carrier that sells the label). */
const sellsInsurance = (serviceUid: string): boolean => catalogServiceOf(serviceUid)?.lanes === 'domestic';

export interface ExtrasPrice {
  declaredValueCents: number | null;
  insuranceCents: number;
  signature: SignatureOption;
  signatureCents: number;
}

/**
 * The label carriers that sell insurance and signatures here: those whose plugin says its adapter passes them on
 * (`capabilities.extraServices`): the sandbox's simulated carrier and EasyPost (`insurance` on the buy,
 * `delivery_confirmation`: decision 112). The USPS APIs adapter does not pass them on: a deployment buying from it
 * refuses the extras instead of charging for cover nobody gives.
 */
const EXTRAS_SELLERS: ReadonlySet<CarrierId> = new Set(Object.values(CARRIER_PLUGINS).flatMap((plugin) => (plugin.capabilities.extraServices ? [plugin.id] : [])));

export const NO_EXTRAS: ExtrasPrice = Object.freeze({ declaredValueCents: null, insuranceCents: 0, signature: 'none', signatureCents: 0 });

const refuse = (path: string, message: string): DomainError => new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);

/**
 * The extras of one label of this service in cents (NO_EXTRAS itself when none was asked), or a 400 that names the
 * field and says why the service, or the carriers labels are bought from (`carriers`), cannot have it. `serviceName` is
 * what the customer reads in the message.
 */
export const priceExtras = (serviceUid: string, serviceName: string, extras: ExtraServices, carriers: readonly CarrierId[]): ExtrasPrice => {
  const declared = extras.insurance?.declared_value_cents ?? null;
  const signature = extras.signature ?? 'none';
  if (declared === null && signature === 'none') return NO_EXTRAS;
  const unsold = carriers.find((carrier) => !EXTRAS_SELLERS.has(carrier));
  if (unsold) {
    throw refuse(declared === null ? 'signature' : 'insurance', `Insurance and signatures are not sold on labels bought through ${unsold} here yet: buy this label without them`);
  }
  if (declared !== null && !sellsInsurance(serviceUid)) {
    throw refuse('insurance', `${serviceName} cannot be insured here: insurance is sold on US domestic labels only`);
  }
  let signatureCents = 0;
  if (signature !== 'none') {
    const fees = signatureFeesOf(serviceUid);
    const fee = fees?.[signature] ?? null;
    if (fee === null) {
      throw refuse('signature', fees?.reason ?? `${serviceName} does not offer ${SIGNATURE_NAMES[signature].toLowerCase()} here: choose no signature or a USPS, UPS or FedEx service at home`);
    }
    signatureCents = fee;
  }
  return { declaredValueCents: declared, insuranceCents: declared === null ? 0 : insuranceFeeCents(declared), signature, signatureCents };
};

export const extrasTotalCents = (price: ExtrasPrice): number => price.insuranceCents + price.signatureCents;
