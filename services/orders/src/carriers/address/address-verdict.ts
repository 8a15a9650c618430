import type { AddressVerification, LabelAddress } from '../carrier.port';

/** The parts of an address a carrier standardizes; name, company and phone are never changed. */
const STANDARDIZED = ['street1', 'street2', 'city', 'state', 'zip'] as const;

const same = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

/**
 * `ok` when the carrier's standardized address is the one given, else a `suggestion` of it (keeping the given name,
 * company and phone).
 */
export const verdictOf = (given: LabelAddress, standardized: Pick<LabelAddress, (typeof STANDARDIZED)[number]>, messages: string[]): AddressVerification => {
  const suggestion: LabelAddress = { ...given, ...standardized };
  const unchanged = STANDARDIZED.every((key) => same(given[key], suggestion[key]));
  return unchanged ? { verdict: 'ok', suggestion: null, messages } : { verdict: 'suggestion', suggestion, messages };
};

export const undeliverable = (messages: string[]): AddressVerification => ({ verdict: 'undeliverable', suggestion: null, messages });
