import { addressBucket } from './client-address';

describe('addressBucket', () => {
  it('counts an IPv4 address as itself, also when it arrives IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const bucket = addressBucket('2001:db8:0:1::1');
    expect(bucket).toBe('2001:db8:0:1::/64');
    expect(addressBucket('2001:0db8:0000:0001:ffff:0:0:9')).toBe(bucket);
    expect(addressBucket('2001:DB8:0:1:1234::5%eth0')).toBe(bucket);
    expect(addressBucket('2001:db8:0:2::1')).not.toBe(bucket);
  });

  it('expands the short forms of IPv6 correctly', () => {
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('64:ff9b:1:2::198.51.100.1')).toBe('64:ff9b:1:2::/64');
  });

  it('has no bucket when no address was given', () => {
    expect(addressBucket(undefined)).toBeNull();
    expect(addressBucket('  ')).toBeNull();
  });
});
