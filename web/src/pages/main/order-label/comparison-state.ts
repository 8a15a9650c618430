import type { Rate } from '@labeldesk/contracts';

/** What the comparison shows: nothing to ask yet, waiting for the first answer, the carriers' failure, or the rates. */
export type ComparisonState = { step: 'incomplete' } | { step: 'loading' } | { step: 'error' } | { step: 'rates'; rates: readonly Rate[]; updating: boolean };

interface RatesQueryView {
  data: readonly Rate[] | undefined;
  isError: boolean;
  isFetching: boolean;
  /** The parcel changed and is not asked for yet (the previous answer, if any, is still the data). */
  waiting: boolean;
}

/**
 * The comparison's state for a parcel (`complete` when it can be rated). Rates of a previous parcel stay shown, marked
 * as updating, until the new ones come: the list does not jump while a weight is typed.
 */
export const comparisonState = (complete: boolean, query: RatesQueryView): ComparisonState => {
  if (!complete) return { step: 'incomplete' };
  if (query.isError) return { step: 'error' };
  if (query.data === undefined) return { step: 'loading' };
  return { step: 'rates', rates: query.data, updating: query.isFetching || query.waiting };
};
