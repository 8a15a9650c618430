import { BULK_TEMPLATE_COLUMNS, bulkOrderItemSchema, bulkRowCustomsRefusal, DEFAULT_MAX_WEIGHT_LB, effectiveRateRule } from '@labeldesk/contracts';
import type { BulkOrderItem, BulkOrderItemInput, BulkTemplateColumn, CustomsInput, FieldIssue, PriceQuoteShipment, RateRule, SkuRecord } from '@labeldesk/contracts';
import { COLUMN_BY_KEY, COLUMN_BY_PATH, PACKAGE_DIMENSION_COLUMNS } from './bulk-columns';
import { itemsInput } from './order-items';
import type { OrderItem } from './order-items';
import { customsErrorColumn, rowCustomsFill } from './row-customs';
import { rowInsured, type RowInsured } from './row-insurance';

/** One row as the file had it: every template column as text. */
export type BulkValues = Record<BulkTemplateColumn, string>;

/** Messages by column; `row` holds what belongs to no single cell. */
export type RowErrors = Partial<Record<BulkTemplateColumn | 'row', string>>;

export interface BulkRow {
  /** Stable while the row lives (React key, edit target); never sent. */
  id: number;
  values: BulkValues;
  /** Null when the row is valid. */
  errors: RowErrors | null;
  /** Set for an Amazon row whose SKU has no saved preset: the row is flagged until its package is filled in. */
  missingPreset?: string;
  /** The user ticked "Buy another label" on a row whose order already has one (issue 47); sent as buy_another. */
  buyAnother?: boolean;
  /** The order's items when the row ships several (a Shopify order's item lines, decision 091); sent as package.items. */
  items?: OrderItem[];
  /** What the row insures and its insurance price, shown before buying (decision 122); absent: not insured. */
  insured?: Extract<RowInsured, { ok: true }>;
}

/** Spec 5: the message when a row has no service, or one the user cannot buy. */
export const SERVICE_REQUIRED = 'Service name must be selected from the dropdown';

/** What a row is checked against besides the contract: the services the user may buy (name → maxWeight). */
export interface ValidationContext {
  /** Null while the services are loading: names are then not checked against the list. */
  services: ReadonlyMap<string, number> | null;
  /**
   * The batch's rate rule (decision 086): under one, a row's service is chosen from its parcel's rates, so its own is
   * not checked; a row whose service says "Cheapest…" is under that rule whatever the batch's.
   */
  rateRule?: RateRule | undefined;
  /** The user's SKUs, from which a row abroad fills its customs (decision 100); absent while they load. */
  skus?: readonly SkuRecord[] | undefined;
  /**
   * The user's services priced from each parcel's carrier rate (cost + markup, decision 085): a weight quote cannot
   * price their rows, their parcel's rates do (bulk-rate-preview).
   */
  ratePriced?: ReadonlySet<string> | undefined;
}

export const emptyValues = (): BulkValues => {
  const values = {} as BulkValues;
  BULK_TEMPLATE_COLUMNS.forEach((key) => {
    values[key] = '';
  });
  return values;
};

let nextId = 1;
/** A fresh row id (ids only need to be unique within the tab). */
export const newRowId = (): number => {
  nextId += 1;
  return nextId;
};

/** The `bulkOrderItem` the server receives for these values and items (before the contract's own clean-up). */
export const toItemInput = (v: BulkValues, items?: readonly OrderItem[], customs?: CustomsInput, declaredValueCents?: number): BulkOrderItemInput => ({
  courier: v.courier,
  service_name: v.ServiceName,
  manifested: false,
  sender: {
    sender_name: v.FromSenderName,
    sender_company: v.FromCompany,
    sender_phone: v.FromPhone,
    sender_address1: v.FromStreet1,
    sender_address2: v.FromStreet2,
    sender_city: v.FromCity,
    sender_state_province: v.FromStateProvince,
    sender_zip_postal: v.FromZipPostal,
    sender_country: v.FromCountry,
  },
  receiver: {
    receiver_name: v.ToRecipientName,
    receiver_company: v.ToCompany,
    receiver_phone: v.ToPhone,
    receiver_address1: v.ToStreet1,
    receiver_address2: v.ToStreet2,
    receiver_city: v.ToCity,
    receiver_state_province: v.ToStateProvince,
    receiver_zip_postal: v.ToZipPostal,
    receiver_country: v.ToCountry,
    receiver_email: v.ToEmail,
  },
  package: {
    order_id: v.orderId,
    order_item_id: v.orderItemId,
    sku_number: v.skuNumber,
    quantity: v.quantity,
    package_length: v.PackageLength,
    package_width: v.PackageWidth,
    package_height: v.PackageHeight,
    package_weight: v.PackageWeight,
    package_weight_unit: 'LB',
    package_description: v.PackageDescription,
    package_reference1: v.PackageReference1,
    package_reference2: v.PackageReference2,
    ...(items && items.length > 0 ? { items: itemsInput(items) } : {}),
  },
  ...(customs ? { customs } : {}),
  ...(declaredValueCents ? { insurance: { declared_value_cents: declaredValueCents } } : {}),
});

const isPositiveNumber = (text: string): boolean => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value > 0;
};

/**
 * The contract's message in the table's words: its label is replaced by the column header
 * ('Recipient zip is required' → 'To ZIP is required'), and the four package sizes say
 * '{field} must be a positive number' when they are not one (spec 5).
 */
export const cellMessage = (key: BulkTemplateColumn, message: string, value: string): string => {
  const column = COLUMN_BY_KEY.get(key);
  if (!column) return message;
  if (key === 'ServiceName') return SERVICE_REQUIRED;
  if (PACKAGE_DIMENSION_COLUMNS.includes(key) && value.trim() !== '' && !isPositiveNumber(value)) return `${column.header} must be a positive number`;
  if (column.schemaLabel && message.startsWith(column.schemaLabel)) return `${column.header}${message.slice(column.schemaLabel.length)}`;
  return message;
};

/** The column an issue path points at ('receiver.receiver_zip_postal', or the server's 'orderData.3.package.package_weight'). */
export const columnForPath = (path: string): BulkTemplateColumn | null => {
  const local = path.replace(/^orderData\.\d+\./, '');
  return COLUMN_BY_PATH.get(local)?.key ?? null;
};

export interface RowCheck {
  errors: RowErrors | null;
  /** The cleaned item, when the row is valid. */
  item: BulkOrderItem | null;
  /** What the row insures, from its Declared Value column or its SKUs (decision 122). */
  insured?: Extract<RowInsured, { ok: true }>;
}

const NO_PRESET = (sku: string) => `No saved SKU preset for "${sku}": add it in SKU Management, or type the package size and weight`;

/** Checks one row with the server's schema, then the user's services and their weight limits. */
export const checkRow = (values: BulkValues, context: ValidationContext, missingPreset?: string, items?: readonly OrderItem[]): RowCheck => {
  const errors: RowErrors = {};
  // A row abroad declares its customs from its SKUs; a SKU lacking what the country needs is the SKU cell's error.
  const customs = rowCustomsFill(values, items, context.skus);
  if (customs && !customs.ok) errors[customsErrorColumn(customs, values, items)] = customs.message;
  const insured = rowInsured(values, items, context.skus);
  if (insured && !insured.ok) errors.DeclaredValue = insured.message;
  const result = bulkOrderItemSchema.safeParse(toItemInput(values, items, customs?.ok ? customs.customs : undefined, insured?.ok ? insured.declaredValueCents : undefined));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = columnForPath(issue.path.map(String).join('.'));
      if (key === null) {
        errors.row ??= issue.message;
        continue;
      }
      errors[key] ??= cellMessage(key, issue.message, values[key]);
    }
  }

  // The declaration's rules for its receiver (an ITN over $2,500 a line): the server refuses such a row alone.
  if (result.success && customs?.ok) {
    const refusal = bulkRowCustomsRefusal(result.data);
    if (refusal) errors.row ??= refusal;
  }

  const service = values.ServiceName.trim();
  const ruled = effectiveRateRule(service, context.rateRule) !== null;
  if (!errors.ServiceName && context.services && service !== '' && !ruled) {
    const maxWeight = context.services.get(service);
    if (maxWeight === undefined) {
      errors.ServiceName = SERVICE_REQUIRED;
    } else if (!errors.PackageWeight && Number(values.PackageWeight) > maxWeight) {
      errors.PackageWeight = `Weight must be at most ${maxWeight} lb for this service`;
    }
  }

  if (missingPreset !== undefined && PACKAGE_DIMENSION_COLUMNS.some((key) => values[key].trim() === '')) {
    errors.skuNumber = NO_PRESET(missingPreset);
  }

  const valid = Object.keys(errors).length === 0;
  return { errors: valid ? null : errors, item: valid && result.success ? result.data : null, ...(insured?.ok ? { insured } : {}) };
};

export const validateRow = (row: BulkRow, context: ValidationContext): BulkRow => {
  const { errors, insured } = checkRow(row.values, context, row.missingPreset, row.items);
  const { insured: _before, ...rest } = row;
  return { ...rest, errors, ...(insured ? { insured } : {}) };
};

export const validateRows = (rows: readonly BulkRow[], context: ValidationContext): BulkRow[] => rows.map((row) => validateRow(row, context));

/** What a submit sends: the cleaned items of the valid rows, and every bad row (0-based) with its messages. */
export interface SubmitCheck {
  orderData: BulkOrderItem[];
  invalid: { index: number; errors: RowErrors }[];
}

/** Spec 5: every row is checked again on submit; the row's own errors count when the check finds none (a preset). */
export const checkBeforeSubmit = (rows: readonly BulkRow[], context: ValidationContext): SubmitCheck => {
  const orderData: BulkOrderItem[] = [];
  const invalid: SubmitCheck['invalid'] = [];
  rows.forEach((row, index) => {
    const check = checkRow(row.values, context, row.missingPreset, row.items);
    const errors = check.errors ?? row.errors;
    if (errors) invalid.push({ index, errors });
    else if (check.item) orderData.push(row.buyAnother ? { ...check.item, buy_another: true } : check.item);
  });
  return { orderData, invalid };
};

export const countInvalid = (rows: readonly BulkRow[]): number => rows.reduce((count, row) => count + (row.errors ? 1 : 0), 0);

/** Spec 5: the toast after an upload with bad rows. */
export const uploadErrorsMessage = (invalid: number): string => `${invalid} row(s) have validation errors. Please check the table and fix them.`;

/** Spec 5: the 'Validation Errors' modal's line. */
export const submitErrorsMessage = (invalid: number): string => (invalid === 1 ? '1 row has validation errors' : `${invalid} rows have validation errors`);

/** A row's messages in column order, each with the cell it belongs to (none for a row-wide one). */
export const rowProblems = (errors: RowErrors | null): { key: BulkTemplateColumn | null; message: string }[] => {
  if (!errors) return [];
  const problems: { key: BulkTemplateColumn | null; message: string }[] = errors.row ? [{ key: null, message: errors.row }] : [];
  BULK_TEMPLATE_COLUMNS.forEach((key) => {
    const message = errors[key];
    if (message) problems.push({ key, message });
  });
  return problems;
};

/** The messages of a row, in column order, for the error list ('To ZIP is required'). */
export const rowMessages = (errors: RowErrors): string[] => rowProblems(errors).map((problem) => problem.message);

/**
 * Puts the server's issues (a 400 VALIDATION_FAILED with paths like `orderData.3.package.package_weight`,
 * 0-based into what was sent) on the rows and cells they name. `sentIds[i]` is the row that was item i.
 * Returns the rows and which rows got a message.
 */
export const applyServerIssues = (
  rows: readonly BulkRow[],
  sentIds: readonly number[],
  issues: readonly FieldIssue[],
): { rows: BulkRow[]; marked: number; markedIds: number[] } => {
  const byId = new Map<number, RowErrors>();
  for (const issue of issues) {
    const match = /^orderData\.(\d+)(?:\.(.*))?$/.exec(issue.path);
    const id = match ? sentIds[Number(match[1])] : undefined;
    if (id === undefined) continue;
    const errors = byId.get(id) ?? {};
    const key = match?.[2] ? columnForPath(match[2]) : null;
    if (key) errors[key] ??= issue.message;
    else errors.row ??= issue.message;
    byId.set(id, errors);
  }
  const next = rows.map((row) => {
    const extra = byId.get(row.id);
    if (!extra) return row;
    const merged: RowErrors = { ...extra, ...row.errors };
    (Object.keys(extra) as (keyof RowErrors)[]).forEach((key) => {
      const message = extra[key];
      if (message && key !== 'row') merged[key] = cellMessage(key, message, row.values[key]);
    });
    return { ...row, errors: merged };
  });
  return { rows: next, marked: byId.size, markedIds: [...byId.keys()] };
};

/** The weight a row is priced with, or null when the row cannot be priced yet. */
export const pricedShipment = (values: BulkValues, context: ValidationContext): PriceQuoteShipment | null => {
  const service = values.ServiceName.trim();
  const weight = Number(values.PackageWeight.trim());
  // A row under a rate rule, or of a service priced from each parcel's rate, is priced from its parcel's rates
  // (bulk-rate-preview), not by a service's tiers.
  if (effectiveRateRule(service, context.rateRule) !== null || context.ratePriced?.has(service)) return null;
  if (service === '' || values.PackageWeight.trim() === '' || !Number.isFinite(weight) || weight <= 0) return null;
  const maxWeight = context.services ? context.services.get(service) : DEFAULT_MAX_WEIGHT_LB;
  if (maxWeight === undefined || weight > maxWeight) return null;
  return { service_name: service, package: { package_weight: weight } };
};
