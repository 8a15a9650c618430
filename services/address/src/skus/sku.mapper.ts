import type { SkuRecord } from '@labeldesk/contracts';
import type { SkuEntity } from './sku.entity';

export const toSkuRecord = (s: SkuEntity): SkuRecord => ({
  _id: s.id,
  sku: s.sku,
  maxQty: s.maxQty,
  weight: s.weight,
  length: s.length,
  width: s.width,
  height: s.height,
  description: s.description,
});
