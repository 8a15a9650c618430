import type { PriceQuoteShipment } from '@labeldesk/contracts';
import { useEffect, useMemo } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { PRICE_FAILED, shipmentsSignature, useBulkPrice } from '../../../services/bulk-orders/bulk-price';
import { pricedShipment } from './bulk-rows';
import type { BulkRow, ValidationContext } from './bulk-rows';
import { notifyOnce } from './bulk-toasts';

/** How long edits must pause before the total is asked for again. */
const PRICE_DEBOUNCE_MS = 600;

export interface BulkPricing {
  /** Rows with a service and a weight that could be priced. */
  pricedCount: number;
  totalCents: number;
  /** True while the total on screen is not yet the one for these rows. */
  pricing: boolean;
  priceFailure: string | null;
}

/** The live total: one call for every row that has a service and a weight, once edits pause. */
export const useBulkPricing = (userId: string, rows: readonly BulkRow[], context: ValidationContext): BulkPricing => {
  const { shipments, insuranceCents } = useMemo(() => {
    const priced = rows.map((row) => ({ row, shipment: pricedShipment(row.values, context) })).filter((item): item is { row: BulkRow; shipment: PriceQuoteShipment } => item.shipment !== null);
    // The insurance of the rows priced, at the single form's fee (decision 122): the total is what the batch holds.
    return { shipments: priced.map((item) => item.shipment), insuranceCents: priced.reduce((sum, { row }) => sum + (row.insured?.insuranceCents ?? 0), 0) };
  }, [rows, context]);
  const signature = useMemo(() => shipmentsSignature(shipments), [shipments]);
  const pricedShipments = useDebouncedValue(shipments, PRICE_DEBOUNCE_MS);
  const pricedSignature = useDebouncedValue(signature, PRICE_DEBOUNCE_MS);
  const price = useBulkPrice(userId, pricedShipments);
  // Waiting for edits to pause counts as pricing: the total on screen is not the one for these rows yet.
  const pricing = shipments.length > 0 && (signature !== pricedSignature || price.isFetching);
  const priceFailure = pricedShipments.length > 0 ? (price.data?.failure ?? null) : null;
  const totalCents = pricedShipments.length > 0 && !priceFailure && price.data ? price.data.cents + insuranceCents : 0;
  useEffect(() => {
    if (priceFailure) notifyOnce('bulk-price', 'error', PRICE_FAILED, priceFailure);
  }, [priceFailure]);
  return { pricedCount: shipments.length, totalCents, pricing, priceFailure };
};
