import { priceQuoteResponseSchema, type PriceQuoteBody } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { orderKeys } from './keys';

/** The total for the shipments in cents. */
export const getPriceQuote = (body: PriceQuoteBody, signal?: AbortSignal): Promise<number> =>
  apiRequest('/api/orders/price/v2/bulk', { method: 'POST', body, schema: priceQuoteResponseSchema, ...(signal ? { signal } : {}) }).then(
    (result) => result.totalPrice,
  );

/**
 * The live price of one label. Spec section 8: when pricing fails the price is 0, so a failure resolves to 0
 * instead of erroring (and is not retried: the next change of weight or service asks again).
 */
export const useLabelPrice = (userId: string, serviceName: string, weightLb: number) =>
  useQuery({
    queryKey: orderKeys.price(userId, serviceName, weightLb),
    queryFn: ({ signal }) =>
      getPriceQuote({ userId, shipments: [{ service_name: serviceName, package: { package_weight: weightLb } }] }, signal).catch(
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') throw error;
          return 0;
        },
      ),
    enabled: serviceName !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
