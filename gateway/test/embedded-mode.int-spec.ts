import { describeAccountFlows } from './support/api-flows.suite';
import { startEmbedded } from './support/system';

describeAccountFlows('embedded', startEmbedded);
