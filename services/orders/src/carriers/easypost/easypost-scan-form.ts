import { z } from 'zod';

/** EasyPost's ScanForm object, as much of it as a SCAN form needs (its id, state, PDF and batch). */
export const easyPostScanFormSchema = z.object({
  id: z.string().startsWith('sf_'),
  status: z.enum(['creating', 'created', 'failed']),
  message: z.string().nullable().optional(),
  form_url: z.string().nullable().optional(),
  tracking_codes: z.array(z.string()).optional(),
  batch_id: z.string().nullable().optional(),
});
export type EasyPostScanForm = z.infer<typeof easyPostScanFormSchema>;
