import { EnvironmentError } from '@labeldesk/nest-config';
import { trustProxySchema } from './trust-proxy';
import { inProcessGatewayEnv } from '../testing/in-process-env';

describe('TRUST_PROXY', () => {
  it('reads a hop count as before, and none as 0 (trust no proxy)', () => {
    expect(trustProxySchema.parse('1')).toBe(1);
    expect(trustProxySchema.parse(undefined)).toBe(0);
  });

  it('reads a comma-separated list of addresses, CIDRs and named ranges, as Express takes them', () => {
    expect(trustProxySchema.parse(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33" has an invalid prefix length'],
    ['10.0.0/8', '"10.0.0/8" is not an IP address or CIDR'],
    ['proxy.internal', '"proxy.internal" is not an IP address or CIDR'],
    ['fd00::/129', '"fd00::/129" has an invalid prefix length'],
    ['11', 'a hop count must be 0 to 10'],
  ])('refuses %j', (value, message) => {
    const parsed = trustProxySchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('stops the gateway at boot naming every bad entry', () => {
    const load = () => inProcessGatewayEnv({ TRUST_PROXY: '10.0.0.0/8, 10.1.0.0/40, nope' });
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(/TRUST_PROXY: "10\.1\.0\.0\/40" has an invalid prefix length/);
    expect(load).toThrow(/TRUST_PROXY: "nope" is not an IP address or CIDR/);
  });
});
