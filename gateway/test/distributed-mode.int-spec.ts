import { startDistributed as startOne } from '@labeldesk/testing';
import { describeAccountSecurity } from './support/account-security.suite';
import { describeAdminArea } from './support/admin-area.suite';
import { describeAdminServices } from './support/admin-services.suite';
import { describeAccountFlows } from './support/api-flows.suite';
import { describeBadInput } from './support/bad-input.suite';
import { describeBulkFlows } from './support/bulk-flows.suite';
import { describeInviteFlows } from './support/invite-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { describeTopUpFlows } from './support/top-up-flows.suite';

/** Two processes of every service and of the gateway, behind a round-robin proxy: each flow must hold whichever replica answers. */
const startDistributed = (env: NodeJS.ProcessEnv = {}) => startOne(env, { replicas: 2 });

describeAccountFlows('distributed', () => startDistributed());
describeLabelFlows('distributed', () => startDistributed());
describeTopUpFlows('distributed', startDistributed);
describeBulkFlows('distributed', () => startDistributed());
describeBadInput('distributed', () => startDistributed());
describeAccountSecurity('distributed', startDistributed);
describeInviteFlows('distributed', startDistributed);
describeAdminServices('distributed', () => startDistributed());
// One process each: the suite reads the Prometheus counters of the one gateway its requests went through.
describeAdminArea('distributed', (env) => startOne(env));
