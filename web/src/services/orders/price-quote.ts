import { ErrorCode, priceQuoteResponseSchema, type PriceQuoteBody } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../libs/http-client';
import { orderKeys } from './keys';

/** The total for the shipments in cents. */
export const getPriceQuote = (body: PriceQuoteBody, signal?: AbortSignal): Promise<number> =>
  apiRequest('/api/orders/price/v2/bulk', { method: 'POST', body, schema: priceQuoteResponseSchema, ...(signal ? { signal } : {}) }).then(
    (result) => result.totalPrice,
  );

/** A service priced from the carrier's rate for each parcel (decision 085): weight alone gives it no price. */
export const PRICED_FROM_RATE = null;

/** What the live price shows when the quote fails: 0 (spec section 8), or PRICED_FROM_RATE; an abort stays an abort. */
export const livePriceOnFailure = (error: unknown): number | typeof PRICED_FROM_RATE => {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return isApiError(error) && error.code === ErrorCode.PRICING_COST_NEEDED ? PRICED_FROM_RATE : 0;
};

/**
 * The live price of one label. Spec section 8: when pricing fails the price is 0, so a failure resolves to 0
 * instead of erroring (and is not retried: the next change of weight or service asks again). A service priced at the
 * carrier's cost + a markup is not a failure: it answers PRICED_FROM_RATE, and the page says its price is the compared
 * rate's, never $0.00.
 */
export const useLabelPrice = (userId: string, serviceName: string, weightLb: number) =>
  useQuery({
    queryKey: orderKeys.price(userId, serviceName, weightLb),
    queryFn: ({ signal }): Promise<number | typeof PRICED_FROM_RATE> =>
      getPriceQuote({ userId, shipments: [{ service_name: serviceName, package: { package_weight: weightLb } }] }, signal).catch(livePriceOnFailure),
    enabled: serviceName !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
