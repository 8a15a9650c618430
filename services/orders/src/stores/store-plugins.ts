import { amazonPlugin } from './amazon/amazon.plugin';
import { ebayPlugin } from './ebay/ebay.plugin';
import { etsyPlugin } from './etsy/etsy.plugin';
import type { StorePlugin } from './plugin/store-plugin';
import { shopifyPlugin } from './shopify/shopify.plugin';
import { wooCommercePlugin } from './woocommerce/woocommerce.plugin';

/**
 * The stores orders can be imported from, one line each (decision 105). Nothing else in the product names a store:
 * the routes, the inbox and the write-back take a plugin from here by the connection's kind.
 */
const PLUGINS = [wooCommercePlugin, shopifyPlugin, amazonPlugin, ebayPlugin, etsyPlugin] as const;

/** The plugins as listed, each with its own settings' type (store-settings.ts merges them into the environment). */
export type StorePluginList = typeof PLUGINS;

export const STORE_PLUGINS: ReadonlyMap<string, StorePlugin> = new Map(PLUGINS.map((plugin) => [plugin.id, plugin as unknown as StorePlugin]));

export const storePluginOf = (kind: string): StorePlugin | undefined => STORE_PLUGINS.get(kind);
