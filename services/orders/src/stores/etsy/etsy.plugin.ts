import { z } from 'zod';
import { defineStorePlugin } from '../plugin/store-plugin';
import { importEtsyReceipts } from './etsy-import';
import { etsyAuthorizeUrl, exchangeEtsyCode, refreshEtsyAccess } from './etsy-oauth';
import { etsySettingsShape } from './etsy-settings';
import { writeBackToEtsy } from './etsy-writeback';

/** Nothing to type in: the seller signs in on Etsy and grants access there. */
const credentials = z.object({}).strict();

/**
 * Etsy (decision 108): connected by OAuth 2 with PKCE (access tokens of an hour, refreshed before they expire; every
 * call with the app's `x-api-key`), the shop's paid unshipped receipts imported from Open API v3, tracking written back
 * with createReceiptShipment.
 */
export const etsyPlugin = defineStorePlugin({
  id: 'etsy',
  displayName: 'Etsy',
  credentials,
  connectFields: [],
  settings: etsySettingsShape,
  oauth: {
    authorizeUrl: (start, settings) => etsyAuthorizeUrl(start, settings),
    exchange: (callback, http, settings) => exchangeEtsyCode(callback, http, settings),
    refresh: refreshEtsyAccess,
  },
  importOrders: importEtsyReceipts,
  writeBack: writeBackToEtsy,
  // No cancelWriteBack: Open API v3 adds a receipt's tracking (createReceiptShipment) and has no call to take it back,
  // so a voided label is not told to Etsy; the cancel round passes it by without an error.
});
