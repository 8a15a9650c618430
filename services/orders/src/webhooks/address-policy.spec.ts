import { refusedAddress } from './address-policy';
import { checkWebhookTarget, type Resolver } from './url-policy';

describe('refusedAddress', () => {
  it.each([
    ['127.0.0.1'], ['127.255.0.9'], ['10.1.2.3'], ['172.16.0.1'], ['172.31.255.255'], ['192.168.1.1'], ['169.254.169.254'], ['100.64.0.1'],
    ['0.0.0.0'], ['224.0.0.1'], ['255.255.255.255'], ['198.18.0.1'],
    ['::1'], ['::'], ['fe80::1'], ['fd00:ec2::254'], ['fc00::5'], ['ff02::1'], ['2001:db8::1'],
    ['::ffff:127.0.0.1'], ['::ffff:7f00:1'], ['::ffff:169.254.169.254'], ['::ffff:a9fe:a9fe'], ['::ffff:10.0.0.1'], ['64:ff9b::10.0.0.1'],
    ['::127.0.0.1'], ['[::1]'], ['fe80::1%eth0'],
  ])('refuses %s', (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each([['93.184.216.34'], ['8.8.8.8'], ['172.32.0.1'], ['100.128.0.1'], ['2606:4700:4700::1111'], ['::ffff:93.184.216.34'], ['::ffff:5db8:d822']])('allows the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
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

  it.each([['https://127.0.0.1/'], ['https://[::1]/'], ['https://[::ffff:127.0.0.1]/'], ['https://169.254.169.254/latest/meta-data'], ['https://[fd00:ec2::254]/']])('refuses the literal address in %s', async (url) => {
    expect(await checkWebhookTarget(url, false, resolving())).toMatchObject({ ok: false, reason: expect.stringContaining('private or reserved') });
  });

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
