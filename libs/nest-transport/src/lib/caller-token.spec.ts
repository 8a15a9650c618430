import { CALLER_TOKEN_TTL_MS, CallerTokens, callerKeysFromEnv, generateCallerKeys } from './caller-token';
import type { CallerIssuer } from '@labeldesk/contracts';
import { generateKeyPairSync } from 'node:crypto';

const admin = { userId: 'u-admin', role: 'admin' as const };
const subject = 'payments.account.credit.v1';
const body = { amountCents: 500 };

const keys = generateCallerKeys();
const tokensOf = (party: CallerIssuer, key = keys.keys[party], trust = keys.trust) => new CallerTokens(callerKeysFromEnv(party, { CALLER_KEY: key, CALLER_TRUST: trust }));
/** A party's public key as CALLER_TRUST lists it. */
const publicKeyOf = (party: CallerIssuer, trust = keys.trust) => trust.split(',').find((entry) => entry.startsWith(`${party}=`))?.slice(party.length + 1) ?? '';
/** Tokens made by whoever holds `key` (of `holder` in `trust`) while claiming to be `claimed`, knowing payments' real public key. */
const forger = (claimed: CallerIssuer, key: string, holder: CallerIssuer, trust = keys.trust) =>
  tokensOf(claimed, key, `${claimed}=${publicKeyOf(holder, trust)},payments=${publicKeyOf('payments')}`);

describe('caller tokens between two parties', () => {
  it('are verified by the service that serves the subject', () => {
    expect(tokensOf('payments').verify(tokensOf('gateway').sign(admin, subject, body), subject, body)).toEqual(admin);
    expect(tokensOf('payments').verify(tokensOf('orders').sign({ service: 'orders' }, subject, body), subject, body)).toEqual({ service: 'orders' });
  });

  it("carry a session's caller as before, a login-as caller with its method, and an API key's with its method and scopes", () => {
    const payments = tokensOf('payments');
    const gateway = tokensOf('gateway');
    expect(payments.verify(gateway.sign({ ...admin, authMethod: 'session' }, subject, body), subject, body)).toEqual(admin);
    expect(payments.verify(gateway.sign({ ...admin, authMethod: 'login_as' }, subject, body), subject, body)).toEqual({ ...admin, authMethod: 'login_as' });
    const key = { userId: 'u-1', role: 'user' as const, authMethod: 'api_key' as const, scopes: ['labels:read'] };
    expect(payments.verify(gateway.sign(key, subject, body), subject, body)).toEqual(key);
  });

  it('are refused by any other service, which shares another key with the issuer', () => {
    const token = tokensOf('gateway').sign(admin, subject, body);
    for (const other of ['pricing', 'orders', 'auth', 'address'] as const) {
      expect(() => tokensOf(other).verify(token, subject, body)).toThrow(/could not be verified/);
    }
  });

  it('cannot be made by a service posing as the gateway with its own real key, towards any other service', () => {
    for (const poser of ['orders', 'pricing', 'auth', 'address'] as const) {
      const forged = forger('gateway', keys.keys[poser], poser).sign(admin, subject, body);
      expect(() => tokensOf('payments').verify(forged, subject, body)).toThrow(/could not be verified/);
    }
  });

  it('cannot be made with a key the parties do not know', () => {
    const stranger = generateCallerKeys(['gateway']);
    const forged = forger('gateway', stranger.keys.gateway, 'gateway', stranger.trust).sign(admin, subject, body);
    expect(() => tokensOf('payments').verify(forged, subject, body)).toThrow(/could not be verified/);
  });

  it('are vouched only by the gateway (for users) and by orders, pricing and payments (for themselves)', () => {
    expect(tokensOf('address').issuer).toBeNull();
    expect(() => tokensOf('address').sign({ service: 'address' }, 'orders.single.place.v1', {})).toThrow(/does not vouch/);
    expect(() => tokensOf('payments').sign({ service: 'orders' }, 'orders.webhooks.relay-event.v1', {})).toThrow(/cannot vouch/);
    expect(() => tokensOf('payments').sign(admin, 'orders.webhooks.relay-event.v1', {})).toThrow(/cannot vouch/);
    expect(() => tokensOf('orders').sign(admin, subject, body)).toThrow(/cannot vouch/);
    expect(() => tokensOf('orders').sign({ service: 'pricing' }, subject, body)).toThrow(/cannot vouch/);
    expect(tokensOf('gateway').issuer).toBe('gateway');
  });

  it('refuses a token whose issuer is a party that vouches for no one, even with that pair\'s real key', () => {
    // auth shares a real key with payments, but auth is not an issuer: a token claiming iss "auth" is refused.
    const claims = Buffer.from(JSON.stringify({ iss: 'auth', sub: { service: 'auth' }, aud: subject, exp: Date.now() + 30_000, dig: 'x' })).toString('base64url');
    expect(() => tokensOf('payments').verify(`v2.${claims}.AAAA`, subject, body)).toThrow(/could not be verified/);
  });

  it('are bound to their subject, their body and their minute', () => {
    const gateway = tokensOf('gateway');
    const payments = tokensOf('payments');
    expect(() => payments.verify(gateway.sign(admin, subject, body), 'payments.account.debit.v1', body)).toThrow(/could not be verified/);
    expect(() => payments.verify(gateway.sign(admin, subject, body), subject, { amountCents: 500_000 })).toThrow(/could not be verified/);
    expect(() => payments.verify(gateway.sign(admin, subject, body, Date.now() - CALLER_TOKEN_TTL_MS - 1), subject, body)).toThrow(/could not be verified/);
  });

  it('refuses a token whose signature was cut short or whose claims were edited', () => {
    const token = tokensOf('gateway').sign({ userId: 'u-1', role: 'user' }, subject, body);
    expect(() => tokensOf('payments').verify(token.slice(0, -4), subject, body)).toThrow(/could not be verified/);
    const [version, claims, signature] = token.split('.');
    const promoted = Buffer.from(Buffer.from(claims ?? '', 'base64url').toString().replace('"role":"user"', '"role":"admin"')).toString('base64url');
    expect(() => tokensOf('payments').verify(`${version ?? ''}.${promoted}.${signature ?? ''}`, subject, body)).toThrow(/could not be verified/);
  });

  it('refuses the Ed25519 tokens of the previous version', () => {
    const token = tokensOf('gateway').sign(admin, subject, body).replace(/^v2\./, 'v1.');
    expect(() => tokensOf('payments').verify(token, subject, body)).toThrow(/could not be verified/);
  });

  it('cannot be made for a subject whose party has no known key, or for a subject naming no party', () => {
    const gatewayKnowingOnlyItself = tokensOf('gateway', keys.keys.gateway, `gateway=${publicKeyOf('gateway')}`);
    expect(() => gatewayKnowingOnlyItself.sign(admin, subject, body)).toThrow(/No caller key for the party serving payments\.account\.credit\.v1/);
    expect(() => tokensOf('gateway').sign(admin, 'paymentsX', body)).toThrow(/No caller key for the party serving paymentsX/);
  });

  it('is refused by a service for a subject it does not serve, even one keyed for it', () => {
    const token = tokensOf('gateway').sign(admin, 'pricing.quote.v1', body);
    expect(() => tokensOf('payments').verify(token, 'pricing.quote.v1', body)).toThrow(/could not be verified/);
    expect(() => tokensOf('pricing').verify(token, 'pricing.quote.v1', body)).not.toThrow();
  });

  it('lets a service call itself (orders asking orders), with the key of its own pair', () => {
    const token = tokensOf('orders').sign({ service: 'orders' }, 'orders.carrier.services.v1', {});
    expect(tokensOf('orders').verify(token, 'orders.carrier.services.v1', {})).toEqual({ service: 'orders' });
  });
});

describe('caller keys from the environment', () => {
  it('requires this process\'s own key', () => {
    expect(() => callerKeysFromEnv('payments', { CALLER_TRUST: keys.trust })).toThrow(/CALLER_KEY: required/);
  });

  it('refuses a configuration that would let one party pass for another', () => {
    // This process's key is not the one listed for it (e.g. the gateway's key given to address).
    expect(() => callerKeysFromEnv('address', { CALLER_KEY: keys.keys.gateway, CALLER_TRUST: keys.trust })).toThrow(/CALLER_KEY: not the key CALLER_TRUST lists for address/);
    // One key listed for two parties, a party listed twice, and a process missing from the list.
    const twin = keys.trust.replace(`address=${publicKeyOf('address')}`, `address=${publicKeyOf('gateway')}`);
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: keys.keys.payments, CALLER_TRUST: twin })).toThrow(/gateway and address have the same key/);
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: keys.keys.payments, CALLER_TRUST: `${keys.trust},auth=${publicKeyOf('auth')}` })).toThrow(/auth is listed twice/);
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: keys.keys.payments, CALLER_TRUST: `gateway=${publicKeyOf('gateway')}` })).toThrow(/not the key CALLER_TRUST lists for payments/);
  });

  it('refuses a key that is not X25519, naming the variable', () => {
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: 'bm90IGEga2V5', CALLER_TRUST: keys.trust })).toThrow(/CALLER_KEY: not a base64 DER private key/);
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: ed25519, CALLER_TRUST: keys.trust })).toThrow(/CALLER_KEY: must be an X25519 key/);
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: keys.keys.payments, CALLER_TRUST: 'gateway=bm9wZQ==' })).toThrow(/CALLER_TRUST \(gateway\): not a base64 DER public key/);
    expect(() => callerKeysFromEnv('payments', { CALLER_KEY: keys.keys.payments, CALLER_TRUST: 'nobody=abc' })).toThrow(/not a party=key pair of a known party/);
  });
});
