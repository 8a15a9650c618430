import { describeTransportContract } from '../testing/transport-contract.suite';

describeTransportContract('NATS', () => ({ kind: 'nats', url: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', name: 'transport-contract-test' }));
