import { PRICE_QUOTE_MAX_SHIPMENTS, type PriceQuoteShipment } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../../libs/http-client';
import { orderKeys } from '../orders/keys';
import { getPriceQuote } from '../orders/price-quote';

/** Spec 8: the message when the total cannot be calculated (the total is then 0). */
export const PRICE_FAILED = 'Price calculation failed';

export interface BulkPrice {
  /** The total in cents; 0 when pricing failed (spec 8). */
  cents: number;
  /** The server's reason when pricing failed, else null. */
  failure: string | null;
}

/** A short, stable key for thousands of parts (FNV-1a), so a query key stays small whatever the batch's size. */
export const signatureOf = (parts: readonly string[]): string => {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u0001`;
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return `${parts.length}:${(hash >>> 0).toString(36)}`;
};

/** The key of thousands of shipments, by service and weight. */
export const shipmentsSignature = (shipments: readonly PriceQuoteShipment[]): string =>
  signatureOf(shipments.map((shipment) => `${shipment.service_name}\u0000${shipment.package.package_weight}`));

/** The total of any number of shipments: quotes of at most PRICE_QUOTE_MAX_SHIPMENTS each, one after another, added. */
export const quoteTotal = async (userId: string, shipments: readonly PriceQuoteShipment[], signal?: AbortSignal): Promise<number> => {
  let cents = 0;
  for (let first = 0; first < shipments.length; first += PRICE_QUOTE_MAX_SHIPMENTS) {
    cents += await getPriceQuote({ userId, shipments: shipments.slice(first, first + PRICE_QUOTE_MAX_SHIPMENTS) }, signal);
  }
  return cents;
};

/**
 * The live total of a bulk order: POST /api/orders/price/v2/bulk with a service and weight per row.
 * The caller debounces the shipments; a failure resolves to 0 with the reason (not retried: the next edit asks again).
 */
export const useBulkPrice = (userId: string, shipments: readonly PriceQuoteShipment[]) => {
  const signature = useMemo(() => shipmentsSignature(shipments), [shipments]);
  return useQuery({
    queryKey: [...orderKeys.all, 'bulk-price', userId, signature] as const,
    queryFn: ({ signal }): Promise<BulkPrice> =>
      quoteTotal(userId, shipments, signal).then(
        (cents): BulkPrice => ({ cents, failure: null }),
        (error: unknown): BulkPrice => {
          if (error instanceof DOMException && error.name === 'AbortError') throw error;
          return { cents: 0, failure: errorMessage(error, PRICE_FAILED) };
        },
      ),
    enabled: shipments.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
};
