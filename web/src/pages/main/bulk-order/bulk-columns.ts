import { BULK_TEMPLATE_COLUMNS } from '@labeldesk/contracts';
import type { BulkTemplateColumn } from '@labeldesk/contracts';

/** How a cell is edited: free text, a number, a US state picker, or the user's services picker. */
export type BulkColumnKind = 'text' | 'number' | 'state' | 'service';

export interface BulkColumn {
  /** The template column (spec 3 "Bulk row"), also the key of a row's values. */
  key: BulkTemplateColumn;
  /** The table header; also the `{field}` of the row messages ('To ZIP is required'). */
  header: string;
  /** Shown after the header in a muted tone ('in', 'lb'). */
  unit?: string;
  kind: BulkColumnKind;
  /** Cell width in px (the table has a fixed layout, so columns never jump while scrolling). */
  width: number;
  /** The dotted path of the field in a `bulkOrderItem` ('receiver.receiver_zip_postal'). */
  path: string;
  /** The label the contract's messages start with ('Recipient zip'), replaced by the header in the table. */
  schemaLabel?: string;
  required?: boolean;
  align?: 'start' | 'end';
}

const party = (side: 'From' | 'To'): BulkColumn[] => {
  const prefix = side === 'From' ? 'sender' : 'receiver';
  const who = side === 'From' ? 'Sender' : 'Recipient';
  const nameKey = side === 'From' ? 'FromSenderName' : 'ToRecipientName';
  return [
    { key: nameKey, header: `${side} Name`, kind: 'text', width: 150, path: `${prefix}.${prefix}_name`, schemaLabel: `${who} name`, required: true },
    { key: `${side}Company`, header: `${side} Company`, kind: 'text', width: 140, path: `${prefix}.${prefix}_company`, schemaLabel: `${who} company` },
    { key: `${side}Phone`, header: `${side} Phone`, kind: 'text', width: 130, path: `${prefix}.${prefix}_phone`, schemaLabel: `${who} phone` },
    { key: `${side}Street1`, header: `${side} Street 1`, kind: 'text', width: 180, path: `${prefix}.${prefix}_address1`, schemaLabel: `${who} street`, required: true },
    { key: `${side}Street2`, header: `${side} Street 2`, kind: 'text', width: 130, path: `${prefix}.${prefix}_address2`, schemaLabel: `${who} street 2` },
    { key: `${side}City`, header: `${side} City`, kind: 'text', width: 130, path: `${prefix}.${prefix}_city`, schemaLabel: `${who} city`, required: true },
    { key: `${side}StateProvince`, header: `${side} State`, kind: 'state', width: 96, path: `${prefix}.${prefix}_state_province`, schemaLabel: `${who} state`, required: true },
    { key: `${side}ZipPostal`, header: `${side} ZIP`, kind: 'text', width: 110, path: `${prefix}.${prefix}_zip_postal`, schemaLabel: `${who} zip`, required: true },
    { key: `${side}Country`, header: `${side} Country`, kind: 'text', width: 120, path: `${prefix}.${prefix}_country` },
  ] as BulkColumn[];
};

/** Every column of the Bulk Order Items table, in the template's order. */
export const BULK_COLUMNS: readonly BulkColumn[] = [
  { key: 'orderId', header: 'Order ID', kind: 'text', width: 190, path: 'package.order_id', schemaLabel: 'Order ID' },
  { key: 'orderItemId', header: 'Order Item ID', kind: 'text', width: 150, path: 'package.order_item_id', schemaLabel: 'Order item ID' },
  { key: 'skuNumber', header: 'SKU', kind: 'text', width: 130, path: 'package.sku_number', schemaLabel: 'SKU' },
  { key: 'quantity', header: 'Quantity', kind: 'number', width: 84, path: 'package.quantity', schemaLabel: 'Quantity', align: 'end' },
  { key: 'courier', header: 'Courier', kind: 'text', width: 84, path: 'courier', schemaLabel: 'Courier' },
  { key: 'ServiceName', header: 'Service', kind: 'service', width: 200, path: 'service_name', required: true },
  ...party('From'),
  ...party('To'),
  { key: 'ToEmail', header: 'To Email', kind: 'text', width: 200, path: 'receiver.receiver_email', schemaLabel: 'Recipient email' },
  { key: 'PackageLength', header: 'Length', unit: 'in', kind: 'number', width: 108, path: 'package.package_length', schemaLabel: 'Length', required: true, align: 'end' },
  { key: 'PackageWidth', header: 'Width', unit: 'in', kind: 'number', width: 104, path: 'package.package_width', schemaLabel: 'Width', required: true, align: 'end' },
  { key: 'PackageHeight', header: 'Height', unit: 'in', kind: 'number', width: 108, path: 'package.package_height', schemaLabel: 'Height', required: true, align: 'end' },
  { key: 'PackageWeight', header: 'Weight', unit: 'lb', kind: 'number', width: 112, path: 'package.package_weight', schemaLabel: 'Weight', required: true, align: 'end' },
  { key: 'PackageDescription', header: 'Description', kind: 'text', width: 180, path: 'package.package_description', schemaLabel: 'Description' },
  { key: 'PackageReference1', header: 'Reference 1', kind: 'text', width: 110, path: 'package.package_reference1', schemaLabel: 'Quantity' },
  { key: 'PackageReference2', header: 'Reference 2', kind: 'text', width: 120, path: 'package.package_reference2', schemaLabel: 'SKU' },
  // A row's customs where its SKUs do not give them (decision 116); the row's declaration is built from them.
  { key: 'ContentsType', header: 'Contents Type', kind: 'text', width: 130, path: 'customs.contents_type', schemaLabel: 'Contents type' },
  { key: 'CustomsDescription', header: 'Customs Description', kind: 'text', width: 180, path: 'customs.items.0.description', schemaLabel: 'Item description' },
  { key: 'CustomsHsCode', header: 'Customs HS Code', kind: 'text', width: 140, path: 'customs.items.0.hs_tariff_number', schemaLabel: 'HS tariff number' },
  { key: 'CustomsOrigin', header: 'Customs Origin', kind: 'text', width: 130, path: 'customs.items.0.origin_country', schemaLabel: 'Origin country' },
  { key: 'CustomsValue', header: 'Customs Value', unit: '$ each', kind: 'text', width: 170, path: 'customs.items.0.value_cents', schemaLabel: 'Item value', align: 'end' },
  // What the row's label is insured for (decision 122); blank takes its SKUs' declared values. Its insurance price shows under it.
  { key: 'DeclaredValue', header: 'Declared Value', unit: '$', kind: 'text', width: 240, path: 'insurance.declared_value_cents', schemaLabel: 'Declared value', align: 'end' },
];

/** The four package columns whose values must be positive numbers (spec 5). */
export const PACKAGE_DIMENSION_COLUMNS: readonly BulkTemplateColumn[] = ['PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight'];

export const COLUMN_BY_KEY: ReadonlyMap<BulkTemplateColumn, BulkColumn> = new Map(BULK_COLUMNS.map((column) => [column.key, column]));

export const COLUMN_BY_PATH: ReadonlyMap<string, BulkColumn> = new Map(BULK_COLUMNS.map((column) => [column.path, column]));

// The table and the template must agree: a column added to the contract without a place here fails at start-up.
if (BULK_COLUMNS.length !== BULK_TEMPLATE_COLUMNS.length || BULK_TEMPLATE_COLUMNS.some((key) => !COLUMN_BY_KEY.has(key))) {
  throw new Error('BULK_COLUMNS does not cover BULK_TEMPLATE_COLUMNS');
}
