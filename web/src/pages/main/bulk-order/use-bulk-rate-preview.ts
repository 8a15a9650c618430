import { useMemo } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useBatchRates } from '../../../services/bulk-orders/batch-rates';
import { choiceTotals, ruledRowsOf, rowChoices, type RowRateChoice } from './bulk-rate-preview';
import type { BulkRow, ValidationContext } from './bulk-rows';

/** How long edits must pause before the parcels are rated again (as the total is priced). */
const RATES_DEBOUNCE_MS = 600;

export interface BulkRatePreview {
  /** Rows that can be rated: under a rate rule, or of a service priced from each parcel's rate. */
  ruledCount: number;
  /** Of them, the rows under a rate rule (what it saved is said only when there are some). */
  choosingCount: number;
  /** Each rated row's choice (service and price, or why none), by row id. */
  choices: ReadonlyMap<number, RowRateChoice>;
  /** What the rated rows cost and save against their dearest rates. */
  totalCents: number;
  savedCents: number;
  /** Rows whose rule picks nothing (they are refused when submitted). */
  problems: number;
  /** True while the preview on screen is not yet the one for these rows. */
  rating: boolean;
}

/** The preview of the rows rated from their parcel's rates: each distinct parcel rated once edits pause, each row's pick applied. */
export const useBulkRatePreview = (userId: string, rows: readonly BulkRow[], context: ValidationContext): BulkRatePreview => {
  const { ruled, parcels } = useMemo(() => ruledRowsOf(rows, context), [rows, context]);
  const settled = useDebouncedValue(parcels, RATES_DEBOUNCE_MS);
  const rates = useBatchRates(userId, settled);
  const choices = useMemo(() => rowChoices(ruled, ruled.length > 0 ? rates.data : undefined), [ruled, rates.data]);
  const totals = useMemo(() => choiceTotals(choices), [choices]);
  const rating = ruled.length > 0 && (settled !== parcels || rates.isFetching || choices.size < ruled.length);
  const choosingCount = useMemo(() => ruled.filter((row) => row.rule.kind !== 'named').length, [ruled]);
  return { ruledCount: ruled.length, choosingCount, choices, ...totals, rating };
};
