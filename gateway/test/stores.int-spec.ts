import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeAmazonStore, fakeAmazonForStores } from './support/amazon-store.suite';
import { describeMarketplaceStores, fakeMarketplacesForStores } from './support/marketplace-stores.suite';
import { sharedSystem } from './support/shared-system';
import { describeShopifyStore, fakeShopifyForStores } from './support/shopify-store.suite';
import { describeStores } from './support/stores.suite';
import { describeStoreInbox } from './support/store-inbox.suite';

// Issue 47's first slice (decision 105). The fake store listens on loopback over http, which only
// WEBHOOK_ALLOW_PRIVATE_URLS lets orders call; the write-back looks for due orders every second, and each store is
// imported from by itself every 5 s.
const STORES_ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', STORE_WRITEBACK_SECONDS: '1', STORE_WRITEBACK_RETRY_SECONDS: '1', STORE_SYNC_SECONDS: '5' };

describe('stores, embedded', () => {
  const shopify = fakeShopifyForStores();
  const marketplaces = fakeMarketplacesForStores();
  const amazon = fakeAmazonForStores();
  const system = sharedSystem(async () => startEmbedded({ ...STORES_ENV, ...(await shopify.env()), ...(await marketplaces.env()), ...(await amazon.env()) }));
  describeShopifyStore('embedded', system, shopify);
  describeMarketplaceStores('embedded', system, marketplaces);
  describeAmazonStore('embedded', system, amazon);
  describeStores('embedded', system);
  describeStoreInbox('embedded', system);
});
describe('stores, distributed', () => {
  const shopify = fakeShopifyForStores();
  const marketplaces = fakeMarketplacesForStores();
  const amazon = fakeAmazonForStores();
  const system = sharedSystem(async () => startDistributed({}, { ordersEnv: { ...STORES_ENV, ...(await shopify.env()), ...(await marketplaces.env()), ...(await amazon.env()) } }));
  describeShopifyStore('distributed', system, shopify);
  describeMarketplaceStores('distributed', system, marketplaces);
  describeAmazonStore('distributed', system, amazon);
  describeStores('distributed', system);
  describeStoreInbox('distributed', system);
});
