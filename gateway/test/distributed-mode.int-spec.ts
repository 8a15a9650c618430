import { startDistributed as startOne } from '@labeldesk/testing';
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

/** Two processes of every service and of the gateway, behind a round-robin proxy: each flow must hold whichever replica answers. */
const startDistributed = (env: NodeJS.ProcessEnv = {}) => startOne(env, { replicas: 2 });

describe('suites sharing one distributed system', () => {
  const system = sharedSystem(() => startDistributed({ ...ACCOUNT_SECURITY_ENV, ...INVITE_FLOWS_ENV, ...BULK_FLOWS_ENV }));
  describeAccountFlows('distributed', system);
  describeLabelFlows('distributed', system);
  describeBulkFlows('distributed', system);
  describeBadInput('distributed', system);
  describeAddressChecks('distributed', system);
  describeAccountSecurity('distributed', system);
  describeInviteFlows('distributed', system);
  describeAdminServices('distributed', system);
  describePackagePresets('distributed', system);
  describeLabelSizes('distributed', system);
  describeOrderSearch('distributed', system);
});
// Each of these starts its own: BTCPay in place of the test payment provider; a mail server, a public URL and metrics.
// A top-up goes through the gateways, auth and payments only: two of each, and one of the services it never calls.
describeTopUpFlows('distributed', (env) => startOne(env, { replicas: 2, replicasOf: { address: 1, pricing: 1, orders: 1 } }));
// One process each: the suite reads the Prometheus counters of the one gateway its requests went through.
describeAdminArea('distributed', (env) => startOne(env));
