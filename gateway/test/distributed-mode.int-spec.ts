import { startDistributed } from '@labeldesk/testing';
import { describeAccountFlows } from './support/api-flows.suite';
import { describeBulkFlows } from './support/bulk-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { describeTopUpFlows } from './support/top-up-flows.suite';

describeAccountFlows('distributed', () => startDistributed());
describeLabelFlows('distributed', () => startDistributed());
describeTopUpFlows('distributed', startDistributed);
describeBulkFlows('distributed', () => startDistributed());
