import { describeAccountFlows } from './support/api-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { startDistributed } from './support/system';

describeAccountFlows('distributed', startDistributed);
describeLabelFlows('distributed', startDistributed);
