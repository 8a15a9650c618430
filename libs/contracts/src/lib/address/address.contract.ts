// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { okSchema } from '../common/empty';
import { addressFormSchema, savedAddressesResponseSchema, savedAddressSchema } from './address.schema';
import { packagePresetFormSchema, packagePresetSchema, packagePresetsResponseSchema } from './package-preset.schema';
import { addSkusResponseSchema, SKU_LIMITS, skuListResponseSchema, skuRecordSchema, skuUpdateSchema } from './sku.schema';

export const AddressRpc = {
  listAddresses: defineRpc('address.saved.list.v1', z.object({ userId: idSchema }), savedAddressesResponseSchema, { who: { selfOrAdmin: 'userId' } }),
  saveAddress: defineRpc('address.saved.create.v1', z.object({ userId: idSchema, address: addressFormSchema }), savedAddressSchema, { who: { selfOrAdmin: 'userId' } }),
  updateAddress: defineRpc(
    'address.saved.update.v1',
    z.object({ userId: idSchema, id: idSchema, address: addressFormSchema }),
    savedAddressSchema,
    { who: { selfOrAdmin: 'userId' } },
  ),
  deleteAddress: defineRpc('address.saved.delete.v1', z.object({ userId: idSchema, id: idSchema }), okSchema, { who: { selfOrAdmin: 'userId' } }),
  listSkus: defineRpc('address.sku.list.v1', z.object({ userId: idSchema }), skuListResponseSchema, { who: { selfOrAdmin: 'userId' } }),
  /**
   * A seller's SKU presets for the orders service, which weighs and declares the inbox's imported orders from them
   * (decision 121) whoever buys them: a session or an API key, which may not read SKU presets itself.
   */
  skusForOrders: defineRpc('address.sku.for-orders.v1', z.object({ userId: idSchema }), skuListResponseSchema, { who: 'services', services: ['orders'] }),
  /** Rows are checked one by one in the service so every bad row can be named; nothing is saved unless all pass. */
  addSkus: defineRpc(
    'address.sku.add.v1',
    z.object({ userId: idSchema, rows: z.array(z.unknown()).min(1, { error: 'No SKU rows to add' }).max(SKU_LIMITS.maxRows, { error: `At most ${SKU_LIMITS.maxRows} rows per upload` }) }),
    addSkusResponseSchema,
    { who: { selfOrAdmin: 'userId' } },
  ),
  updateSku: defineRpc('address.sku.update.v1', z.object({ userId: idSchema, id: idSchema, sku: skuUpdateSchema }), skuRecordSchema, { who: { selfOrAdmin: 'userId' } }),
  deleteSku: defineRpc('address.sku.delete.v1', z.object({ id: idSchema }), okSchema, { who: 'signed-in' }),
  listPackagePresets: defineRpc('address.package-preset.list.v1', z.object({ userId: idSchema }), packagePresetsResponseSchema, { who: { selfOrAdmin: 'userId' } }),
  createPackagePreset: defineRpc(
    'address.package-preset.create.v1',
    z.object({ userId: idSchema, preset: packagePresetFormSchema }),
    packagePresetSchema,
    { who: { selfOrAdmin: 'userId' } },
  ),
  updatePackagePreset: defineRpc(
    'address.package-preset.update.v1',
    z.object({ userId: idSchema, id: idSchema, preset: packagePresetFormSchema }),
    packagePresetSchema,
    { who: { selfOrAdmin: 'userId' } },
  ),
  deletePackagePreset: defineRpc('address.package-preset.delete.v1', z.object({ userId: idSchema, id: idSchema }), okSchema, { who: { selfOrAdmin: 'userId' } }),
} as const;
