import { startDistributed } from '@labeldesk/testing';
import { describeAccountSecurity } from './support/account-security.suite';
import { describeAccountFlows } from './support/api-flows.suite';
import { describeBadInput } from './support/bad-input.suite';
import { describeBulkFlows } from './support/bulk-flows.suite';
import { describeInviteFlows } from './support/invite-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { describeTopUpFlows } from './support/top-up-flows.suite';

describeAccountFlows('distributed', () => startDistributed());
describeLabelFlows('distributed', () => startDistributed());
describeTopUpFlows('distributed', startDistributed);
describeBulkFlows('distributed', () => startDistributed());
describeBadInput('distributed', () => startDistributed());
describeAccountSecurity('distributed', startDistributed);
describeInviteFlows('distributed', startDistributed);
