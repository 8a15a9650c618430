import { describeAccountFlows } from './support/api-flows.suite';
import { describeLabelFlows } from './support/label-flows.suite';
import { startEmbedded } from './support/system';

describeAccountFlows('embedded', startEmbedded);
describeLabelFlows('embedded', startEmbedded);
