import { z } from 'zod';
import type { ScanFormOutcome, ScanFormRequest } from '../carrier.port';
import type { EasyPostClient, EasyPostReply } from './easypost.client';
import { failureText, type EasyPostFailure } from './easypost-outcomes';

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

/** EasyPost makes a form's PDF after answering: asked again this often, this far apart, before "unconfirmed". */
const SCAN_FORM_POLLS = 5;
const SCAN_FORM_POLL_MS = 1000;

const refsOf = (form: EasyPostScanForm) => ({ scanFormId: form.id, ...(form.batch_id ? { batchId: form.batch_id } : {}) });

/**
 * A request EasyPost did not act on makes no form (`unknown`: it may be asked again); one that reached it and got
 * no clear answer may have made one (`unconfirmed`: never asked again, the operator is told).
 */
const outcomeOfFailure = (reply: EasyPostFailure): ScanFormOutcome => {
  if (reply.kind === 'network') {
    if (reply.failure === 'refused') return { kind: 'unknown', message: `EasyPost could not be asked for the SCAN form: ${reply.message}` };
    return { kind: 'unconfirmed', message: `EasyPost may have made the SCAN form: the request was sent but ${reply.message}`, barcode: null, carrierRefs: {} };
  }
  if (reply.status === 400 || reply.status === 422) return { kind: 'refused', message: `EasyPost refused the SCAN form: ${reply.error.message}` };
  // Turned away at the door (slow down, no funds, our key): nothing was made.
  if (reply.status === 429 || reply.status === 402 || reply.status === 401 || reply.status === 403) return { kind: 'unknown', message: `EasyPost did not make the SCAN form: ${failureText(reply)}` };
  return { kind: 'unconfirmed', message: `EasyPost may have made the SCAN form: ${failureText(reply)}`, barcode: null, carrierRefs: {} };
};

const formOf = (reply: EasyPostReply) => (reply.kind === 'ok' ? easyPostScanFormSchema.safeParse(reply.body) : null);

/**
 * `POST /v2/scan_forms` of the labels' shipments, then its PDF from `form_url` (asked again a few times while
 * EasyPost says `creating`). EasyPost refuses a shipment not bought or on a form already (422, its words passed on).
 */
export const easyPostScanForm = async (client: EasyPostClient, request: ScanFormRequest): Promise<ScanFormOutcome> => {
  const foreign = request.labels.find((l) => !l.carrierRefs['shipmentId']?.startsWith('shp_'));
  if (foreign) return { kind: 'refused', message: `EasyPost did not sell label ${foreign.trackingNumber}.` };
  const created = await client.createScanForm(request.labels.map((l) => l.carrierRefs['shipmentId'] as string));
  if (created.kind !== 'ok') return outcomeOfFailure(created);
  let form = formOf(created);
  if (!form?.success) return { kind: 'unconfirmed', message: "EasyPost answered the SCAN form with a success we could not read.", barcode: null, carrierRefs: {} };
  for (let asked = 0; form.data.status === 'creating' && asked < SCAN_FORM_POLLS; asked++) {
    await new Promise((resolve) => setTimeout(resolve, SCAN_FORM_POLL_MS));
    const again = formOf(await client.getScanForm(form.data.id));
    if (again?.success) form = again;
  }
  const made = form.data;
  if (made.status === 'failed') return { kind: 'refused', message: `EasyPost could not make the SCAN form: ${made.message ?? 'no reason given'}` };
  if (made.status !== 'created' || !made.form_url) return { kind: 'unconfirmed', message: `EasyPost is still making SCAN form ${made.id}.`, barcode: made.id, carrierRefs: refsOf(made) };
  const file = await client.downloadFile(made.form_url);
  if (file.kind !== 'ok' || file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    return { kind: 'unconfirmed', message: `EasyPost made SCAN form ${made.id}, but its PDF could not be downloaded.`, barcode: made.id, carrierRefs: refsOf(made) };
  }
  return { kind: 'created', file: file.bytes, barcode: made.id, carrierRefs: refsOf(made) };
};
