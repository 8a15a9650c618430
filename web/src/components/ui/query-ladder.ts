/** What a list shows for a query: placeholders, the failure, the empty state, or the rows. */
export type LadderStep<T> = { step: 'loading' } | { step: 'error' } | { step: 'empty'; data: T } | { step: 'ready'; data: T };

export interface LadderQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export interface LadderOptions<T> {
  isEmpty?: (data: T) => boolean;
  /**
   * Keeps the rows on screen when a later fetch (polling, the next page) fails; by default a failure replaces them,
   * so the list never shows what the server just refused to confirm.
   */
  keepDataOnError?: boolean;
}

/** The one order every list page answers in: loading first, then the failure, then empty, then the rows. */
export const queryLadder = <T>(query: LadderQuery<T>, { isEmpty, keepDataOnError = false }: LadderOptions<T> = {}): LadderStep<T> => {
  if (query.isPending) return { step: 'loading' };
  const { data } = query;
  if (data === undefined || (query.isError && !keepDataOnError)) return { step: 'error' };
  return isEmpty?.(data) ? { step: 'empty', data } : { step: 'ready', data };
};
