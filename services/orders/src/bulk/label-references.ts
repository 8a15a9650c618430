import type { BulkOrderItem } from '@labeldesk/contracts';

type BulkPackage = BulkOrderItem['package'];

/** The carriers' and our labels' room for each reference (the order fields' own limits). */
const REFERENCE1_MAX = 50;
const REFERENCE2_MAX = 64;

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

/** 'TEE-1 x 3, MUG-2 x 1': what the parcel holds, by SKU (ASCII 'x': thermal printers and carriers print it as sent). */
const contentsBySku = (pkg: BulkPackage): string | null => {
  const items = pkg.items ?? [{ sku_number: pkg.sku_number, quantity: pkg.quantity }];
  const parts = items.filter((item) => item.sku_number !== null).map((item) => `${item.sku_number} x ${item.quantity}`);
  return parts.length === 0 ? null : clip(parts.join(', '), REFERENCE2_MAX);
};

/**
 * A row that maps no references still tells the packer which order a label is for (issue 49, defect 7): reference 1
 * defaults to the store's order number and reference 2 to the SKUs it ships with their quantities. A reference the
 * row gives (an Amazon report's quantity and SKU, a mapped column, a typed cell) is printed as given.
 */
export const withDefaultReferences = (pkg: BulkPackage): BulkPackage => ({
  ...pkg,
  package_reference1: pkg.package_reference1 ?? (pkg.order_id === null ? null : clip(pkg.order_id, REFERENCE1_MAX)),
  package_reference2: pkg.package_reference2 ?? contentsBySku(pkg),
});
