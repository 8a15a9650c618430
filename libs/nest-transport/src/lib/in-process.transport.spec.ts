import { describeTransportContract } from '../testing/transport-contract.suite';

describeTransportContract('in-process', () => ({ kind: 'inprocess' }));
