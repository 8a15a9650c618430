import { z } from 'zod';
import { BULK_TEMPLATE_COLUMNS } from '../orders/bulk-order.schema';
import type { BulkTemplateColumn } from '../orders/bulk-order.schema';

/** Limits of a saved mapping: a real export has under 100 columns with names of a few dozen characters. */
export const CSV_MAPPING_LIMITS = {
  /** File columns one of our columns may join (first + middle + last name). */
  maxJoined: 3,
  columnNameLength: 200,
} as const;

/** A header signature: 16 lowercase hex digits (see header-signature.ts). */
export const csvHeaderSignatureSchema = z.string().regex(/^[0-9a-f]{16}$/, { error: 'A header signature is 16 hexadecimal digits' });

const fileColumnSchema = z
  .string()
  .trim()
  .min(1, { error: 'A file column name cannot be empty' })
  .max(CSV_MAPPING_LIMITS.columnNameLength, { error: `A file column name has at most ${CSV_MAPPING_LIMITS.columnNameLength} characters` });

/**
 * For each of our template columns, the file columns that fill it: one, or several joined with a space
 * (`shipping_first_name` + `shipping_last_name` → To Name). A column left out stays empty (or is filled by the page).
 */
export const csvColumnMappingSchema = z.partialRecord(
  z.enum(BULK_TEMPLATE_COLUMNS, { error: 'Unknown template column' }),
  z
    .array(fileColumnSchema)
    .min(1, { error: 'Map a column to at least one file column, or leave it out' })
    .max(CSV_MAPPING_LIMITS.maxJoined, { error: `At most ${CSV_MAPPING_LIMITS.maxJoined} file columns can be joined` }),
);
export type CsvColumnMapping = Partial<Record<BulkTemplateColumn, string[]>>;

/** PUT /api/csv-mappings/{signature}. */
export const saveCsvMappingBodySchema = z.object({ mapping: csvColumnMappingSchema });
export type SaveCsvMappingBody = z.input<typeof saveCsvMappingBodySchema>;

/** The caller's mapping saved for one header signature; `mapping` is null when none is saved. */
export const csvMappingResponseSchema = z.object({
  signature: csvHeaderSignatureSchema,
  mapping: csvColumnMappingSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type CsvMappingResponse = z.infer<typeof csvMappingResponseSchema>;
