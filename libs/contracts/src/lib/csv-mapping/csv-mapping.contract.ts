// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { csvColumnMappingSchema, csvHeaderSignatureSchema, csvMappingResponseSchema } from './csv-mapping.schema';

/**
 * Issue 24: a user's column mapping for a CSV header they uploaded before. Always the caller's own: the subjects
 * carry no user id, the address service reads it from the caller (decision 048).
 */
export const CsvMappingRpc = {
  get: defineRpc('address.csv-mapping.get.v1', z.object({ signature: csvHeaderSignatureSchema }), csvMappingResponseSchema, { who: 'signed-in' }),
  save: defineRpc('address.csv-mapping.save.v1', z.object({ signature: csvHeaderSignatureSchema, mapping: csvColumnMappingSchema }), csvMappingResponseSchema, { who: 'signed-in' }),
} as const;
