import type { SkuRecord } from '@labeldesk/contracts';
import type { SkuEntity } from './sku.entity';
import type { SkuInput } from './sku.repository';

/** The stored columns of a checked SKU form: the API's `weight` is the weight per unit. */
export const toSkuColumns = ({ weight, ...rest }: SkuInput): Omit<SkuEntity, 'id' | 'userId' | 'createdAt'> => ({ ...rest, unitWeight: weight });

export const toSkuRecord = (s: SkuEntity): SkuRecord => ({
  _id: s.id,
  sku: s.sku,
  maxQty: s.maxQty,
  weight: s.unitWeight,
  packagingWeight: s.packagingWeight,
  length: s.length,
  width: s.width,
  height: s.height,
  description: s.description,
  hsTariffNumber: s.hsTariffNumber,
  originCountry: s.originCountry,
  valueCents: s.valueCents,
  declaredValueCents: s.declaredValueCents,
});
