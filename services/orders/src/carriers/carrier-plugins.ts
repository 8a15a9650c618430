import type { LabelCarrier } from '@labeldesk/contracts';
import type { z } from 'zod';
import { easyPostPlugin } from './easypost/easypost.plugin';
import type { CarrierCapabilities, CarrierClaimDesk, CarrierPluginDeps, CarrierPushReader, CommonCarrierSettings } from './plugin/carrier-plugin';
import type { CarrierAdapter } from './carrier.port';
import { sandboxPlugin } from './sandbox/sandbox.plugin';
import { uspsPlugin } from './usps/usps.plugin';

/**
 * The label carriers, one line each. The contracts' LABEL_CARRIER_NAMES names them, and this list must hold a plugin
 * for every one of those ids (the compiler says which is missing). Nothing else in the service names a carrier.
 */
const PLUGINS = {
  sandbox: sandboxPlugin,
  easypost: easyPostPlugin,
  usps: uspsPlugin,
} as const;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every carrier's settings in one zod shape, merged into the orders environment. */
export type CarrierSettingsShape = UnionToIntersection<(typeof PLUGINS)[keyof typeof PLUGINS]['settings']>;
export type CarrierSettings = z.output<z.ZodObject<CarrierSettingsShape>>;

export const carrierSettingsShape = Object.assign({}, ...Object.values(PLUGINS).map((plugin) => plugin.settings)) as CarrierSettingsShape;

/** A plugin as the service holds it: given the whole environment, of which it reads its own settings. */
export interface RegisteredCarrierPlugin<Id extends LabelCarrier = LabelCarrier> {
  id: Id;
  displayName: string;
  /** True for a carrier of sample labels (the sandbox): it never runs beside a real one. */
  sampleLabels?: true;
  /** Its settings' shape (names prefixed with the carrier's), merged into the orders environment. */
  settings: z.ZodRawShape;
  requiredSettings: readonly string[];
  settingsProblems?(settings: CarrierSettings): readonly { setting: string; message: string }[];
  capabilities: CarrierCapabilities;
  make(settings: CarrierSettings & CommonCarrierSettings, deps: CarrierPluginDeps): CarrierAdapter;
  push?: CarrierPushReader<CarrierSettings>;
  claims?(settings: CarrierSettings & CommonCarrierSettings): CarrierClaimDesk | { missingSetting: string };
}

export const CARRIER_PLUGINS: { readonly [Id in LabelCarrier]: RegisteredCarrierPlugin<Id> } = PLUGINS;

export const carrierPluginOf = (id: LabelCarrier): RegisteredCarrierPlugin => CARRIER_PLUGINS[id];

/** The carriers of sample labels (the sandbox): their labels say SAMPLE and carry no postage. */
export const SAMPLE_LABEL_CARRIERS: readonly LabelCarrier[] = Object.values(CARRIER_PLUGINS)
  .filter((plugin) => plugin.sampleLabels)
  .map((plugin) => plugin.id);
