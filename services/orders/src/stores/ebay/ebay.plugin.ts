import { z } from 'zod';
import { defineStorePlugin } from '../plugin/store-plugin';
import { importEbayOrders } from './ebay-import';
import { ebayAuthorizeUrl, exchangeEbayCode, refreshEbayAccess } from './ebay-oauth';
import { ebaySettingsShape } from './ebay-settings';
import { writeBackToEbay } from './ebay-writeback';

/** Nothing to type in: the seller signs in on eBay and consents there. */
const credentials = z.object({}).strict();

/**
 * eBay (decision 108): connected by OAuth (the seller consents on eBay to the sell.fulfillment scope; User access
 * tokens of two hours, refreshed before they expire), orders awaiting shipment imported from the Sell Fulfillment
 * API's getOrders, tracking written back as one shipping fulfillment.
 */
export const ebayPlugin = defineStorePlugin({
  id: 'ebay',
  displayName: 'eBay',
  credentials,
  connectFields: [],
  settings: ebaySettingsShape,
  oauth: {
    authorizeUrl: (start, settings) => ebayAuthorizeUrl(start.state, settings),
    exchange: (callback, http, settings) => exchangeEbayCode(callback.code, http, settings),
    refresh: refreshEbayAccess,
  },
  importOrders: (account, cursor, http) => importEbayOrders(account, cursor, http),
  writeBack: (account, fulfilment, http) => writeBackToEbay(account, fulfilment, http),
  // No cancelWriteBack: the Sell Fulfillment API can create and read a shipping fulfillment, never remove one (its
  // document has no DELETE), so a voided label is not told to eBay; the cancel round passes it by without an error.
});
