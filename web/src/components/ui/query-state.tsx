import type { ReactElement, ReactNode } from 'react';
import { queryLadder } from './query-ladder';
import type { LadderOptions, LadderQuery } from './query-ladder';
import { TableEmpty, TableError } from './table-states';
import type { TableEmptyProps, TableErrorProps } from './table-states';

interface QueryStateProps<T> extends LadderOptions<T> {
  query: LadderQuery<T> & { isFetching: boolean; refetch: () => unknown };
  /** Placeholders shaped like the content, shown until the first answer. */
  loading: ReactNode;
  /** The spec's failure text; Try again refetches. */
  error: Omit<TableErrorProps, 'onRetry' | 'retrying'>;
  /** What to do next when there is nothing to list (with `isEmpty`). */
  empty?: TableEmptyProps;
  children: (data: T) => ReactNode;
}

/** A query's list: the loading placeholders, the failure with a retry, the empty state, or `children` with the data. */
export const QueryState = <T,>({ query, loading, error, empty, isEmpty, keepDataOnError, children }: QueryStateProps<T>): ReactElement => {
  const state = queryLadder(query, { isEmpty, keepDataOnError });
  if (state.step === 'loading') return <>{loading}</>;
  if (state.step === 'error') return <TableError {...error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (state.step === 'empty' && empty) return <TableEmpty {...empty} />;
  return <>{children(state.data)}</>;
};
