import { defineStorePlugin } from '../plugin/store-plugin';
import { amazonAuthorizeUrl, amazonCredentials, exchangeAmazonCode, refreshAmazonAccess } from './amazon-connect';
import { importAmazonOrders } from './amazon-import';
import { amazonSettingsShape } from './amazon-settings';
import { writeBackToAmazon } from './amazon-writeback';

/** Said where the seller connects Amazon (the connect form shows a field's hint under it). */
export const A_TO_Z_NOTICE = 'Labels bought here are bought outside Amazon Buy Shipping, so they do not carry Amazon\'s A-to-Z claim protection.';

/** Amazon (Selling Partner API, Orders v0), connected through Seller Central's consent and Login with Amazon (decision 109). */
export const amazonPlugin = defineStorePlugin({
  id: 'amazon',
  displayName: 'Amazon',
  credentials: amazonCredentials,
  connectFields: [{ name: 'marketplace', label: 'Marketplace', input: 'text', hint: `US, CA, MX or BR (blank: US). You approve LabelDesk in Seller Central next. ${A_TO_Z_NOTICE}` }],
  settings: amazonSettingsShape,
  oauth: {
    // Seller Central sends the seller back with the code as `spapi_oauth_code` (and `selling_partner_id`).
    codeParameter: 'spapi_oauth_code',
    authorizeUrl: (start, settings) => amazonAuthorizeUrl(start.fields, start.state, start.redirectUri, settings),
    exchange: (callback, http, settings) => exchangeAmazonCode(callback, http, settings),
    refresh: (account, http, settings) => refreshAmazonAccess(account, http, settings),
  },
  importOrders: importAmazonOrders,
  writeBack: writeBackToAmazon,
  // No cancelWriteBack: Orders v0 has no call that takes a shipment confirmation back (decision 109), so a voided
  // label is not told to Amazon; the cancel round passes it by without an error.
});
