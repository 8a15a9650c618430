import type { ClaimType, LabelCarrier } from '@labeldesk/contracts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { CarrierAdapter, TrackingReport } from '../carrier.port';

/** What every label carrier is given beside its own settings. */
export interface CommonCarrierSettings {
  /** How long one request to a carrier may take before its answer counts as lost (CARRIER_TIMEOUT_MS). */
  CARRIER_TIMEOUT_MS: number;
}

export interface CarrierPluginDeps {
  /** The orders database (the sandbox keeps its issued serials there, as a carrier keeps its labels). */
  orm: MikroORM;
}

/** One tracking update a carrier pushed, once verified: `eventId` makes a delivery count once. */
export interface CarrierPushEvent {
  eventId: string;
  trackingNumber: string;
  report: TrackingReport;
}

/**
 * A carrier's pushes (`POST /api/webhooks/carriers/{carrier}`). `verify` authenticates the exact bytes with the
 * carrier's secret (false for anything unsigned, wrongly signed, or when no secret is set); `parse` reads the one kind
 * of event we act on, null for any other.
 */
export interface CarrierPushReader<Settings> {
  /** The request header carrying the signature, lower case (`x-hmac-signature`). */
  signatureHeader: string;
  verify(rawBody: string, signature: string | null, settings: Settings): boolean;
  parse(rawBody: string): CarrierPushEvent | null;
}

/** A claim on a label the carrier insured, as it is filed there. */
export interface CarrierClaimToFile {
  claimId: string;
  trackingNumber: string;
  type: ClaimType;
  amountCents: number;
  description: string;
}

/**
 * A carrier's insurance claims desk (decision 112): it files a claim on a label it insured and says where one stands.
 * Its answers are the claims feature's filing and decision, structurally.
 */
export interface CarrierClaimDesk {
  file(claim: CarrierClaimToFile): Promise<{ kind: 'filed'; carrierClaimId: string | null } | { kind: 'refused'; message: string } | { kind: 'unknown'; message: string }>;
  decide(claim: { carrierClaimId: string | null }): Promise<{ kind: 'pending' } | { kind: 'approved'; approvedCents: number; note: string | null } | { kind: 'rejected'; reason: string }>;
}

/** What a carrier can do, said once beside it (the admin's carriers page and the plain messages read it). */
export interface CarrierCapabilities {
  /** The end-of-day form it makes for the labels handed over ("USPS SCAN Form (PS Form 5630)"), or null: none. */
  endOfDayForm: string | null;
  /** How its tracking arrives: asked for (`poll`), or also pushed to us (`push`). */
  tracking: 'poll' | 'push';
  /** True when it verifies addresses (ADDRESS_CHECK=carrier asks the first such carrier). */
  addressVerification: boolean;
  /** How a void of an unused label pays back: at once, or after the carrier watches for scans. */
  refunds: string;
  /**
   * True when its adapter passes insurance and signatures on with the label (decision 102), so they may be sold
   * through it; false refuses them rather than charging for cover nobody gives.
   */
  extraServices: boolean;
}

/**
 * One label carrier as a plugin (after Karrio's `PluginMetadata`): its id and name (from the contracts), its settings
 * as a piece of the orders environment, what it can do, how to make its adapter, and how to read its pushes. Adding a
 * carrier is its folder with one of these, plus its line in the registry's list (carrier-plugins.ts).
 */
export interface CarrierPlugin<Id extends LabelCarrier, Shape extends z.ZodRawShape> {
  id: Id;
  displayName: string;
  /** True for a carrier of sample labels (the sandbox): it never runs beside a real one. */
  sampleLabels?: true;
  /** Its settings, merged into the orders environment (names prefixed with the carrier's, e.g. `EASYPOST_`). */
  settings: Shape;
  /** The settings it cannot work without: with the carrier in CARRIERS, the process refuses to start naming them. */
  requiredSettings: readonly (keyof Shape & string)[];
  /** Settings that are wrong together (messages by setting name), checked only while the carrier is turned on. */
  settingsProblems?(settings: z.output<z.ZodObject<Shape>>): readonly { setting: string; message: string }[];
  capabilities: CarrierCapabilities;
  make(settings: z.output<z.ZodObject<Shape>> & CommonCarrierSettings, deps: CarrierPluginDeps): CarrierAdapter;
  push?: CarrierPushReader<z.output<z.ZodObject<Shape>>>;
  /**
   * Its claims desk for the labels it insured (decision 112), made while the carrier is turned on; a setting's name
   * when one it needs for claims is unset (claims are then refused, naming it).
   */
  claims?(settings: z.output<z.ZodObject<Shape>> & CommonCarrierSettings): CarrierClaimDesk | { missingSetting: string };
}

/** Any plugin of the list, its settings' shape forgotten (the registry only passes each its own). */
export type AnyCarrierPlugin = CarrierPlugin<LabelCarrier, z.ZodRawShape>;

/** Keeps a plugin's types while checking it against the interface. */
export const defineCarrierPlugin = <Id extends LabelCarrier, Shape extends z.ZodRawShape>(plugin: CarrierPlugin<Id, Shape>): CarrierPlugin<Id, Shape> => plugin;

/** Closes what an adapter holds (worker threads) when the application ends. */
export interface ClosableCarrier {
  close(): Promise<void>;
}
export const isClosable = (carrier: object): carrier is ClosableCarrier => typeof (carrier as Partial<ClosableCarrier>).close === 'function';

/**
 * A setting the plugin listed in `requiredSettings`: checked at start, so a missing one stopped the process before any
 * adapter is made; this only narrows its type.
 */
export const requiredSetting = <T extends string>(value: T | undefined, name: string): T => {
  if (value === undefined) throw new Error(`${name} is required by CARRIERS`);
  return value;
};
