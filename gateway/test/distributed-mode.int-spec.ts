import { describeAccountFlows } from './support/api-flows.suite';
import { startDistributed } from './support/system';

describeAccountFlows('distributed', startDistributed);
