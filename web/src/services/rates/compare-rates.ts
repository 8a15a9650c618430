import { ratesResponseSchema } from '@labeldesk/contracts';
import type { Rate, RatesBody } from '@labeldesk/contracts';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { apiRequest } from '../../libs/http-client';
import { rateKeys } from './keys';

/** The parcel a comparison is asked for: the rates body without the user, whose prices it is. */
export type RateParcel = Omit<RatesBody, 'userId'>;

/** How long the parcel must stay unchanged before the carriers are asked: typing a ZIP asks once, not per digit. */
const RATES_DEBOUNCE_MS = 500;
/** The server keeps carriers' rates 5 minutes; asking again sooner for the same parcel would answer the same. */
const RATES_STALE_MS = 5 * 60_000;

/** POST /api/rates (issue 45): every service the user may buy for the parcel, at their prices, cheapest first. */
export const getRates = (body: RatesBody, signal?: AbortSignal): Promise<Rate[]> =>
  apiRequest('/api/rates', { method: 'POST', body, schema: ratesResponseSchema, ...(signal ? { signal } : {}) }).then((answer) => answer.rates);

/**
 * The rates for a complete parcel (null while it is not). Asked once the parcel has stayed the same for a moment, so
 * the query that runs is always the parcel on screen; while it changes, the previous answer stays shown.
 */
export const useRates = (userId: string, parcel: RateParcel | null) => {
  const key = parcel ? JSON.stringify(parcel) : '';
  const settledKey = useDebouncedValue(key, RATES_DEBOUNCE_MS);
  const settled = parcel !== null && key === settledKey;
  const query = useQuery({
    queryKey: rateKeys.compare(userId, key),
    queryFn: settled ? ({ signal }) => getRates({ userId, ...parcel }, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: RATES_STALE_MS,
    // A failure is shown at once (the service list still works); the next change of the parcel asks again.
    retry: false,
  });
  return { ...query, waiting: parcel !== null && !settled };
};
