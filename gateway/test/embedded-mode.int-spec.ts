import { startEmbedded } from '@labeldesk/testing';
import { describeAddressChecks } from './support/address-checks.suite';
import { ACCOUNT_SECURITY_ENV, describeAccountSecurity } from './support/account-security.suite';
import { describeAdminArea } from './support/admin-area.suite';
import { describeAdminServices } from './support/admin-services.suite';
import { describeAccountFlows } from './support/api-flows.suite';
import { describeBadInput } from './support/bad-input.suite';
import { BULK_FLOWS_ENV, describeBulkFlows } from './support/bulk-flows.suite';
import { describeInviteFlows, INVITE_FLOWS_ENV } from './support/invite-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { describeLabelSizes } from './support/label-sizes.suite';
import { describeOrderSearch } from './support/order-search.suite';
import { describePackagePresets } from './support/package-presets.suite';
import { sharedSystem } from './support/shared-system';
import { describeTopUpFlows } from './support/top-up-flows.suite';

describe('suites sharing one embedded system', () => {
  // On an empty data folder: the product makes its database at its first start, as `npm start` does on a new machine.
  const system = sharedSystem(() => startEmbedded({ ...ACCOUNT_SECURITY_ENV, ...INVITE_FLOWS_ENV, ...BULK_FLOWS_ENV }, { emptyDataDir: true }));
  describeAccountFlows('embedded', system);
  describeLabelFlows('embedded', system);
  describeBulkFlows('embedded', system);
  describeBadInput('embedded', system);
  describeAddressChecks('embedded', system);
  describeAccountSecurity('embedded', system);
  describeInviteFlows('embedded', system);
  describeAdminServices('embedded', system);
  describePackagePresets('embedded', system);
  describeLabelSizes('embedded', system);
  describeOrderSearch('embedded', system);
});
// Each of these starts its own: BTCPay in place of the test payment provider; a mail server, a public URL and metrics.
describeTopUpFlows('embedded', startEmbedded);
describeAdminArea('embedded', startEmbedded);
