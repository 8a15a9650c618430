import { CallerTokens, callerKeysFromEnv, generateCallerKeys } from './caller-token';

const admin = { userId: 'u-admin', role: 'admin' as const };
const subject = 'payments.account.credit.v1';
const body = { amountCents: 500 };

describe('caller keys from the environment', () => {
  it('accepts HMAC keys for the in-process transport and verifies what they sign', () => {
    const keys = generateCallerKeys(['gateway'], 'hmac');
    const gateway = new CallerTokens(callerKeysFromEnv('gateway', { CALLER_KEY: keys.keys.gateway, TRANSPORT: 'inprocess' }));
    const payments = new CallerTokens(callerKeysFromEnv('payments', { CALLER_TRUST: keys.trust, TRANSPORT: 'inprocess' }));
    expect(payments.verify(gateway.sign(admin, subject, body), subject, body)).toEqual(admin);
  });

  it('refuses HMAC keys over NATS, where every service that can check a token could also make one', () => {
    const keys = generateCallerKeys(['gateway'], 'hmac');
    expect(() => callerKeysFromEnv('gateway', { CALLER_KEY: keys.keys.gateway, TRANSPORT: 'nats' })).toThrow(/only for the in-process transport/);
    expect(() => callerKeysFromEnv('payments', { CALLER_TRUST: keys.trust, TRANSPORT: 'nats' })).toThrow(/CALLER_TRUST \(gateway\): an hmac: key is only for the in-process transport/);
    expect(() => callerKeysFromEnv('payments', { CALLER_TRUST: keys.trust })).toThrow(/only for the in-process transport/);
  });

  it('refuses an HMAC secret shorter than 32 bytes', () => {
    const short = `hmac:${Buffer.alloc(16, 1).toString('base64')}`;
    expect(() => callerKeysFromEnv('gateway', { CALLER_KEY: short, TRANSPORT: 'inprocess' })).toThrow(/at least 32 bytes/);
  });

  it('lets the verifier’s key choose the algorithm, never the token: an Ed25519 token fails an HMAC check and the other way round', () => {
    const ed = generateCallerKeys(['gateway']);
    const hmac = generateCallerKeys(['gateway'], 'hmac');
    const edSigner = new CallerTokens(callerKeysFromEnv('gateway', { CALLER_KEY: ed.keys.gateway }));
    const hmacSigner = new CallerTokens(callerKeysFromEnv('gateway', { CALLER_KEY: hmac.keys.gateway, TRANSPORT: 'inprocess' }));
    const hmacChecker = new CallerTokens(callerKeysFromEnv('payments', { CALLER_TRUST: hmac.trust, TRANSPORT: 'inprocess' }));
    const edChecker = new CallerTokens(callerKeysFromEnv('payments', { CALLER_TRUST: ed.trust }));
    expect(() => hmacChecker.verify(edSigner.sign(admin, subject, body), subject, body)).toThrow(/could not be verified/);
    expect(() => edChecker.verify(hmacSigner.sign(admin, subject, body), subject, body)).toThrow(/could not be verified/);
  });

  it('refuses an HMAC token whose signature was cut short', () => {
    const keys = generateCallerKeys(['gateway'], 'hmac');
    const gateway = new CallerTokens(callerKeysFromEnv('gateway', { CALLER_KEY: keys.keys.gateway, TRANSPORT: 'inprocess' }));
    const payments = new CallerTokens(callerKeysFromEnv('payments', { CALLER_TRUST: keys.trust, TRANSPORT: 'inprocess' }));
    const token = gateway.sign(admin, subject, body);
    expect(() => payments.verify(token.slice(0, -4), subject, body)).toThrow(/could not be verified/);
  });
});
