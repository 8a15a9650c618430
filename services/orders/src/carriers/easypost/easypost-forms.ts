import { mergeLabelAndForms } from '../customs/label-with-forms';
import type { EasyPostClient } from './easypost.client';
import type { EasyPostShipment } from './easypost.schema';

/**
 * A bought international shipment's customs forms (commercial invoice, CN22/CP72…), merged behind its label into one
 * PDF: the label page first (it goes on the parcel), then each form's pages in the order EasyPost lists them, as the
 * carrier prints them (decision 099). A form sent electronically without a file has nothing to print and is skipped.
 */

export type FormsMerge = { ok: true; file: Buffer } | { ok: false; message: string };

/** The forms with a file to print, in EasyPost's order. */
export const printableForms = (shipment: Pick<EasyPostShipment, 'forms'>): Array<{ type: string; url: string }> =>
  shipment.forms.flatMap((form) => (form.form_url ? [{ type: form.form_type, url: form.form_url }] : []));

/** Downloads the shipment's forms and merges them behind the label; a form that cannot be had is said by its type. */
export const labelWithForms = async (client: EasyPostClient, shipment: EasyPostShipment, label: Buffer): Promise<FormsMerge> => {
  const files: Buffer[] = [];
  for (const form of printableForms(shipment)) {
    const file = await client.downloadFile(form.url);
    if (file.kind !== 'ok') return { ok: false, message: `its ${form.type.replace(/_/g, ' ')} could not be downloaded (${file.kind === 'error' ? `HTTP ${file.status}` : file.message})` };
    if (file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, message: `its ${form.type.replace(/_/g, ' ')} is not a PDF` };
    files.push(file.bytes);
  }
  try {
    return { ok: true, file: await mergeLabelAndForms(label, files) };
  } catch (error) {
    return { ok: false, message: `its customs forms could not be merged with the label: ${error instanceof Error ? error.message : String(error)}` };
  }
};
