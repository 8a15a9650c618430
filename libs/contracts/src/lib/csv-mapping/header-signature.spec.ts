import { headerSignature } from './header-signature';

describe('headerSignature', () => {
  const shopify = ['Name', 'Email', 'Shipping Name', 'Shipping Zip'];

  it('is 16 hex digits and the same for the same header every time', () => {
    expect(headerSignature(shopify)).toMatch(/^[0-9a-f]{16}$/);
    expect(headerSignature([...shopify])).toBe(headerSignature(shopify));
    // Pinned: a change of the hash would orphan every saved mapping.
    expect(headerSignature(shopify)).toBe('5eef57e7f845ca65');
  });

  it('ignores case, spacing, a BOM, duplicates and the order of the columns', () => {
    expect(headerSignature(['\uFEFFname', ' EMAIL ', 'shipping  name', 'Shipping Zip', 'Email'])).toBe(headerSignature(shopify));
    expect(headerSignature([...shopify].reverse())).toBe(headerSignature(shopify));
  });

  it('differs when a column is added, removed or renamed', () => {
    const base = headerSignature(shopify);
    expect(headerSignature([...shopify, 'Shipping Phone'])).not.toBe(base);
    expect(headerSignature(shopify.slice(1))).not.toBe(base);
    expect(headerSignature(['Name', 'Email', 'Shipping Name', 'Shipping Postcode'])).not.toBe(base);
  });
});
