import { LABEL_CARRIER_NAMES } from '@labeldesk/contracts';
import { defineCarrierPlugin, requiredSetting } from '../plugin/carrier-plugin';
import { EASYPOST_SIGNATURE_HEADER, parseTrackerUpdated, verifyEasyPostPush } from './easypost-push';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { EasyPostClaims } from './easypost-claims';
import { EasyPostClient } from './easypost.client';
import { easyPostSettings } from './easypost.settings';

/** EasyPost: an aggregator (Karrio's hub) selling the couriers of the carrier accounts it is given (USPS by default). */
export const easyPostPlugin = defineCarrierPlugin({
  id: 'easypost',
  displayName: LABEL_CARRIER_NAMES.easypost,
  settings: easyPostSettings,
  requiredSettings: ['EASYPOST_API_KEY'],
  capabilities: {
    endOfDayForm: 'USPS SCAN Form (PS Form 5630) through EasyPost',
    tracking: 'push',
    addressVerification: true,
    refunds: 'Refund requested at EasyPost; USPS pays back after it watches for scans (about 15 days)',
    // Insurance on the buy, delivery_confirmation on the shipment, claims through its Claims API (decision 112).
    extraServices: true,
  },
  make: (env) =>
    new EasyPostCarrierAdapter({
      apiKey: requiredSetting(env.EASYPOST_API_KEY, 'EASYPOST_API_KEY'),
      apiUrl: env.EASYPOST_API_URL,
      timeoutMs: env.CARRIER_TIMEOUT_MS,
      maxConcurrentPurchases: env.EASYPOST_MAX_CONCURRENCY,
      ...(env.EASYPOST_CARRIER_ACCOUNTS.length > 0 ? { carrierAccounts: env.EASYPOST_CARRIER_ACCOUNTS } : {}),
    }),
  claims: (env) =>
    env.EASYPOST_CLAIMS_EMAIL
      ? new EasyPostClaims(new EasyPostClient({ apiKey: requiredSetting(env.EASYPOST_API_KEY, 'EASYPOST_API_KEY'), apiUrl: env.EASYPOST_API_URL, timeoutMs: env.CARRIER_TIMEOUT_MS }), env.EASYPOST_CLAIMS_EMAIL)
      : { missingSetting: 'EASYPOST_CLAIMS_EMAIL' },
  push: {
    signatureHeader: EASYPOST_SIGNATURE_HEADER,
    verify: (rawBody, signature, settings) => settings.EASYPOST_WEBHOOK_SECRET !== undefined && verifyEasyPostPush(rawBody, signature, settings.EASYPOST_WEBHOOK_SECRET),
    parse: (rawBody) => {
      const update = parseTrackerUpdated(rawBody);
      return update && { eventId: update.eventId, trackingNumber: update.trackingCode, report: update.report };
    },
  },
});
