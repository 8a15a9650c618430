import { describeTransportContract } from '../testing/transport-contract.suite';

// The embedded process signs callers with HMAC keys (docs/decisions/023); Ed25519 keys work in-process too.
describeTransportContract('in-process (HMAC caller keys)', () => ({ kind: 'inprocess' }), 'hmac');
describeTransportContract('in-process (Ed25519 caller keys)', () => ({ kind: 'inprocess' }));
