import type { Provider } from '@nestjs/common';
import { z } from 'zod';
import { CARRIER_SETTINGS } from '../config';
import type { StorePlugin, StoreSettings } from './plugin/store-plugin';
import { STORE_PLUGINS, type StorePluginList } from './store-plugins';

type IntersectionOf<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every listed plugin's settings shape, merged (a plugin without settings adds nothing). */
type SettingsOf<P> = P extends { settings: infer S extends z.ZodRawShape } ? S : never;
type StoreSettingsShape = [SettingsOf<StorePluginList[number]>] extends [never] ? Record<never, never> : IntersectionOf<SettingsOf<StorePluginList[number]>>;

/** Each store plugin's settings, read from the whole orders environment (which the service's schema extends with them). */
export interface StorePluginSettings {
  of(plugin: StorePlugin): StoreSettings;
}

export const STORE_SETTINGS = Symbol('STORE_SETTINGS');

/**
 * Every plugin's settings pieces, merged into the orders environment (service.ts): names are prefixed with the store's,
 * so no two plugins share one. Typed as no keys: features read them only through STORE_SETTINGS, by plugin.
 */
export const storeSettingsShape = Object.assign({}, ...[...STORE_PLUGINS.values()].map((plugin) => plugin.settings ?? {})) as StoreSettingsShape;

/** Parses each plugin's piece once from the environment as the service parsed it (CARRIER_SETTINGS is that whole value). */
export const storeSettingsProvider: Provider<StorePluginSettings> = {
  provide: STORE_SETTINGS,
  inject: [CARRIER_SETTINGS],
  useFactory: (env: Readonly<Record<string, unknown>>): StorePluginSettings => {
    const parsed = new Map([...STORE_PLUGINS.values()].map((plugin) => [plugin.id, z.object(plugin.settings ?? {}).parse(env) as StoreSettings]));
    return { of: (plugin) => parsed.get(plugin.id) ?? {} };
  },
};
