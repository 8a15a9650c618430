import { LABEL_CARRIER_NAMES } from '@labeldesk/contracts';
import { defineCarrierPlugin, requiredSetting } from '../plugin/carrier-plugin';
import { UspsCarrierAdapter } from './usps.adapter';
import { uspsShipperOf } from './usps.mapper';
import { uspsSettings } from './usps.settings';

/** The USPS APIs (v3) directly: USPS mail on our own USPS account, paid from its EPS account or permit. */
export const uspsPlugin = defineCarrierPlugin({
  id: 'usps',
  displayName: LABEL_CARRIER_NAMES.usps,
  settings: uspsSettings,
  requiredSettings: ['USPS_CLIENT_ID', 'USPS_CLIENT_SECRET', 'USPS_CRID', 'USPS_MID', 'USPS_MANIFEST_MID', 'USPS_ACCOUNT_TYPE', 'USPS_ACCOUNT_NUMBER'],
  settingsProblems: (settings) =>
    settings.USPS_ACCOUNT_TYPE === 'PERMIT' && settings.USPS_PERMIT_ZIP === undefined ? [{ setting: 'USPS_PERMIT_ZIP', message: 'required with USPS_ACCOUNT_TYPE=PERMIT' }] : [],
  capabilities: {
    endOfDayForm: 'USPS SCAN Form (PS Form 5630)',
    tracking: 'poll',
    addressVerification: true,
    refunds: 'Refund requested of USPS (a dispute); settled by tracking after USPS_REFUND_SETTLE_DAYS',
    extraServices: false,
  },
  make: (env) =>
    new UspsCarrierAdapter({
      clientId: requiredSetting(env.USPS_CLIENT_ID, 'USPS_CLIENT_ID'),
      clientSecret: requiredSetting(env.USPS_CLIENT_SECRET, 'USPS_CLIENT_SECRET'),
      apiUrl: env.USPS_API_URL,
      crid: requiredSetting(env.USPS_CRID, 'USPS_CRID'),
      mid: requiredSetting(env.USPS_MID, 'USPS_MID'),
      manifestMid: requiredSetting(env.USPS_MANIFEST_MID, 'USPS_MANIFEST_MID'),
      accountType: requiredSetting(env.USPS_ACCOUNT_TYPE, 'USPS_ACCOUNT_TYPE'),
      accountNumber: requiredSetting(env.USPS_ACCOUNT_NUMBER, 'USPS_ACCOUNT_NUMBER'),
      ...(env.USPS_PERMIT_ZIP ? { permitZip: env.USPS_PERMIT_ZIP } : {}),
      timeoutMs: env.CARRIER_TIMEOUT_MS,
      shipperOf: uspsShipperOf,
      refundSettleDays: env.USPS_REFUND_SETTLE_DAYS,
    }),
});
