/** A header name as the signature sees it: case, spacing and a BOM do not make another export. */
export const normaliseHeaderName = (name: string): string => name.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();

/** 32-bit FNV-1a over UTF-16 code units, from a given offset basis. */
const fnv1a = (text: string, basis: number): number => {
  let hash = basis >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
};

const hex8 = (value: number): string => value.toString(16).padStart(8, '0');

/**
 * The signature a mapping is saved under: a hash of the file's column names, normalised, without duplicates
 * and sorted. The same export tool gives the same signature even when it moves a column, since the mapping
 * names columns, not positions. Computed the same way in the browser and in tests (no crypto API needed);
 * two 32-bit hashes side by side make an accidental match between two users' exports negligible.
 */
export const headerSignature = (header: readonly string[]): string => {
  const names = [...new Set(header.map(normaliseHeaderName).filter((name) => name !== ''))].sort();
  const text = names.join('\u001f');
  return hex8(fnv1a(text, 0x811c9dc5)) + hex8(fnv1a(text, 0x050c5d1f));
};
