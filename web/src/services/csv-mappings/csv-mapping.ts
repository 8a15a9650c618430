import { csvMappingResponseSchema } from '@labeldesk/contracts';
import type { CsvColumnMapping, CsvMappingResponse } from '@labeldesk/contracts';
import { apiRequest } from '../../libs/http-client';

const path = (signature: string): string => `/api/csv-mappings/${encodeURIComponent(signature)}`;

/** The signed-in user's mapping for a CSV header signature; `mapping` is null when they never saved one. */
export const getCsvMapping = (signature: string, signal?: AbortSignal): Promise<CsvMappingResponse> =>
  apiRequest(path(signature), { schema: csvMappingResponseSchema, ...(signal ? { signal } : {}) });

/** Saves (or replaces) the user's mapping for the signature, used automatically on the next upload. */
export const saveCsvMapping = (signature: string, mapping: CsvColumnMapping): Promise<CsvMappingResponse> =>
  apiRequest(path(signature), { method: 'PUT', body: { mapping }, schema: csvMappingResponseSchema });
