/** Rates are per user (their own prices) and per parcel; the parcel's JSON is the part of the key that changes. */
export const rateKeys = {
  all: ['rates'] as const,
  compare: (userId: string, parcel: string) => [...rateKeys.all, 'compare', userId, parcel] as const,
};
