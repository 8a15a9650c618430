import { refusedAddress } from './address-policy';
import { checkWebhookTarget, type Resolver } from './url-policy';

/**
 * One address inside each entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and multicast, outside
 * them), the registry's name beside it, as of 2025.
 */
const specialPurpose: Array<[string, string]> = [
  ['0.0.0.0', '"This network" 0.0.0.0/8'], ['0.1.2.3', '"This network" 0.0.0.0/8'],
  ['10.1.2.3', 'Private-Use 10.0.0.0/8'], ['100.64.0.1', 'Shared Address Space 100.64.0.0/10'],
  ['127.0.0.1', 'Loopback 127.0.0.0/8'], ['127.255.0.9', 'Loopback 127.0.0.0/8'],
  ['169.254.169.254', 'Link Local 169.254.0.0/16'], ['172.16.0.1', 'Private-Use 172.16.0.0/12'], ['172.31.255.255', 'Private-Use 172.16.0.0/12'],
  ['192.0.0.1', 'IETF Protocol Assignments 192.0.0.0/24'], ['192.0.0.8', 'IPv4 dummy address 192.0.0.8/32'],
  ['192.0.0.9', 'Port Control Protocol Anycast 192.0.0.9/32'], ['192.0.0.10', 'TURN Anycast 192.0.0.10/32'],
  ['192.0.0.170', 'NAT64/DNS64 Discovery 192.0.0.170/32'], ['192.0.2.5', 'Documentation TEST-NET-1 192.0.2.0/24'],
  ['192.31.196.1', 'AS112-v4 192.31.196.0/24'], ['192.52.193.1', 'AMT 192.52.193.0/24'],
  ['192.88.99.1', 'Deprecated 6to4 Relay Anycast 192.88.99.0/24'], ['192.168.1.1', 'Private-Use 192.168.0.0/16'],
  ['192.175.48.1', 'Direct Delegation AS112 Service 192.175.48.0/24'], ['198.18.0.1', 'Benchmarking 198.18.0.0/15'],
  ['198.51.100.7', 'Documentation TEST-NET-2 198.51.100.0/24'], ['203.0.113.9', 'Documentation TEST-NET-3 203.0.113.0/24'],
  ['240.0.0.1', 'Reserved 240.0.0.0/4'], ['255.255.255.255', 'Limited Broadcast 255.255.255.255/32'],
  ['224.0.0.1', 'IPv4 multicast 224.0.0.0/4'],
  ['::1', 'Loopback Address ::1/128'], ['::', 'Unspecified Address ::/128'],
  ['::ffff:127.0.0.1', 'IPv4-mapped Address ::ffff:0:0/96'], ['::ffff:7f00:1', 'IPv4-mapped Address ::ffff:0:0/96'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped Address ::ffff:0:0/96'], ['::ffff:93.184.216.34', 'IPv4-mapped Address ::ffff:0:0/96, even of a public address'],
  ['::ffff:0:5db8:d822', 'SIIT ::ffff:0:0:0/96 (RFC 6145)'],
  ['64:ff9b::10.0.0.1', 'IPv4-IPv6 Translat. 64:ff9b::/96'], ['64:ff9b::a9fe:a9fe', 'IPv4-IPv6 Translat. 64:ff9b::/96'],
  ['64:ff9b::5db8:d822', 'IPv4-IPv6 Translat. 64:ff9b::/96, even of a public address'],
  ['64:ff9b:1::a00:1', 'IPv4-IPv6 Translat. 64:ff9b:1::/48'], ['64:ff9b:1:ffff::7f00:1', 'IPv4-IPv6 Translat. 64:ff9b:1::/48'],
  ['100::1', 'Discard-Only Address Block 100::/64'], ['100:0:0:1::5', 'Dummy IPv6 Prefix 100:0:0:1::/64'],
  ['2001:1::1', 'Port Control Protocol Anycast 2001:1::1/128'], ['2001:1::2', 'TURN Anycast 2001:1::2/128'],
  ['2001:1::3', 'DNS-SD Service Registration Protocol Anycast 2001:1::3/128'], ['2001:1ff::1', 'IETF Protocol Assignments 2001::/23'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'TEREDO 2001::/32'], ['2001:2::1', 'Benchmarking 2001:2::/48'], ['2001:3::1', 'AMT 2001:3::/32'],
  ['2001:4:112::1', 'AS112-v6 2001:4:112::/48'], ['2001:10::1', 'Deprecated (previously ORCHID) 2001:10::/28'],
  ['2001:20::1', 'ORCHIDv2 2001:20::/28'], ['2001:30::1', 'Drone Remote ID Protocol Entity Tags 2001:30::/28'],
  ['2001:db8::1', 'Documentation 2001:db8::/32'], ['2002:c0a8:101::1', '6to4 2002::/16 (of 192.168.1.1)'],
  ['2002:5db8:d822::1', '6to4 2002::/16, even of a public address'], ['2620:4f:8000::1', 'Direct Delegation AS112 Service 2620:4f:8000::/48'],
  ['3fff::1', 'Documentation 3fff::/20'], ['5f00::1', 'Segment Routing (SRv6) SIDs 5f00::/16'],
  ['fc00::5', 'Unique-Local fc00::/7'], ['fd00:ec2::254', 'Unique-Local fc00::/7 (AWS metadata)'],
  ['fe80::1', 'Link-Local Unicast fe80::/10'], ['fe80::1%eth0', 'Link-Local Unicast fe80::/10, with a zone'],
  ['fec0::1', 'deprecated site-local fec0::/10'], ['ff02::1', 'IPv6 multicast ff00::/8'],
  ['::127.0.0.1', 'deprecated IPv4-compatible ::/96, outside global unicast'], ['::7f00:1', 'deprecated IPv4-compatible ::/96, outside global unicast'],
  ['4000::1', 'Reserved by IETF, outside global unicast 2000::/3'], ['[::1]', 'Loopback, in brackets'],
];

describe('refusedAddress', () => {
  it.each(specialPurpose)('refuses %s (%s)', (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each([['93.184.216.34'], ['8.8.8.8'], ['172.32.0.1'], ['100.128.0.1'], ['192.0.1.1'], ['2606:4700:4700::1111'], ['2a00:1450:4001:80b::200e'], ['2001:4860:4860::8888']])(
    'allows the public address %s',
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  it('refuses what is not an IP address', () => {
    expect(refusedAddress('example.com')).toBe('example.com is not an IP address');
  });
});

const resolving = (...addresses: string[]): Resolver => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('checkWebhookTarget', () => {
  it('accepts an https URL whose host resolves to public addresses, pinned to the first', async () => {
    const check = await checkWebhookTarget('https://hooks.example.com/in', false, resolving('93.184.216.34', '2606:4700:4700::1111'));
    expect(check).toEqual({ ok: true, target: { url: new URL('https://hooks.example.com/in'), address: '93.184.216.34', family: 4 } });
  });

  it('refuses plain http', async () => {
    expect(await checkWebhookTarget('http://hooks.example.com/in', false, resolving('93.184.216.34'))).toEqual({ ok: false, reason: 'must be an https:// URL' });
  });

  it('refuses a host with one private address among public ones (checked after DNS resolution)', async () => {
    const check = await checkWebhookTarget('https://rebind.example.com/', false, resolving('93.184.216.34', '10.0.0.7'));
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('10.0.0.7') });
  });

  it.each(specialPurpose.filter(([address]) => !address.includes('%')).map(([address]) => [`https://${address.includes(':') && !address.startsWith('[') ? `[${address}]` : address}/`]))('refuses the literal address in %s', async (url) => {
    expect(await checkWebhookTarget(url, false, resolving())).toMatchObject({ ok: false, reason: expect.stringContaining('private or reserved') });
  });

  it.each(specialPurpose.filter(([address]) => !address.includes('%') && !address.startsWith('[')))(
    'refuses a host name that resolves to %s (%s), as when it is called',
    async (address) => {
      const check = await checkWebhookTarget('https://hooks.example.com/in', false, resolving(address));
      expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('private or reserved') });
    },
  );

  it('refuses a port other than 443, which orders could not reach anyway', async () => {
    expect(await checkWebhookTarget('https://hooks.example.com:8443/in', false, resolving('93.184.216.34'))).toEqual({ ok: false, reason: 'must use the standard https port (443)' });
    expect(await checkWebhookTarget('https://hooks.example.com:443/in', false, resolving('93.184.216.34'))).toMatchObject({ ok: true });
  });

  it('refuses credentials in the URL and a host that does not resolve', async () => {
    expect(await checkWebhookTarget('https://u:p@hooks.example.com/', false, resolving('93.184.216.34'))).toMatchObject({ ok: false });
    const failing: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkWebhookTarget('https://nowhere.invalid/', false, failing)).toEqual({ ok: false, reason: 'host nowhere.invalid could not be resolved' });
  });

  it('allows http and loopback with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    expect(await checkWebhookTarget('http://127.0.0.1:4000/hook', true, resolving())).toMatchObject({ ok: true, target: { address: '127.0.0.1', family: 4 } });
  });
});
