import type { Rate } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRates, type RateParcel } from '../rates/compare-rates';
import { rateKeys } from '../rates/keys';
import { signatureOf } from './bulk-price';

/** Parcels asked at once: the browser's few connections to the gateway are shared with the rest of the page. */
const RATES_IN_FLIGHT = 4;
/** The server keeps carriers' rates five minutes; a batch's preview is not asked again sooner. */
const RATES_STALE_MS = 5 * 60_000;

/** The parcels of a batch to rate, each under the key rows share it by. */
export interface KeyedParcel {
  key: string;
  parcel: RateParcel;
}

/**
 * Each parcel's rates (POST /api/rates, the comparison the Order Label form shows), a few at a time: the rows under a
 * rate rule are previewed with the prices the seller will pay. A parcel whose comparison failed answers its error's
 * words instead.
 */
export const ratesOfParcels = async (userId: string, parcels: readonly KeyedParcel[], signal?: AbortSignal): Promise<Map<string, Rate[] | string>> => {
  const answers = new Map<string, Rate[] | string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < parcels.length) {
      const { key, parcel } = parcels[next++]!;
      answers.set(key, await getRates({ userId, ...parcel }, signal).catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return error instanceof Error ? error.message : 'Rates could not be loaded';
      }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(RATES_IN_FLIGHT, parcels.length) }, worker));
  return answers;
};

/** The rates of a batch's distinct parcels, asked once the caller's parcels have settled; none asked for none. */
export const useBatchRates = (userId: string, parcels: readonly KeyedParcel[]) =>
  useQuery({
    queryKey: [...rateKeys.all, 'batch', userId, signatureOf(parcels.map((parcel) => parcel.key))] as const,
    queryFn: ({ signal }) => ratesOfParcels(userId, parcels, signal),
    enabled: parcels.length > 0,
    placeholderData: keepPreviousData,
    staleTime: RATES_STALE_MS,
    retry: false,
  });
