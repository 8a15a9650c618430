import { pushHeadersOf } from './push-headers';

describe('the headers a carrier push is relayed with', () => {
  it('keeps every header by its lower-case name with a repeated header first value', () => {
    expect(pushHeadersOf({ 'x-hmac-signature': 'hmac-sha256-hex=ab', 'x-repeated': ['one', 'two'], 'content-type': 'application/json' })).toEqual({
      'x-hmac-signature': 'hmac-sha256-hex=ab',
      'x-repeated': 'one',
      'content-type': 'application/json',
    });
  });

  it('stays within the contract: at most 64 headers of at most 2,000 characters', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`x-h${i}`, 'v'.repeat(5_000)]));
    const relayed = pushHeadersOf(many);
    expect(Object.keys(relayed)).toHaveLength(64);
    expect(Object.values(relayed).every((value) => value.length === 2_000)).toBe(true);
  });
});
