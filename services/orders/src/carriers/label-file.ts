import type { LabelFormat } from './carrier.port';

/** How a format's file is named when a message has to say what was expected. */
export const FORMAT_NAMES: Readonly<Record<LabelFormat, string>> = { PDF: 'a PDF', ZPL: 'a ZPL label' };

/**
 * Whether a carrier's file is of the format asked for: a PDF starts with `%PDF-`; a ZPL II label is one `^XA … ^XZ`
 * format (whitespace around it allowed, as printers ignore it). A bought label whose file fails this is never passed
 * on as a label: the printer would jam on it.
 */
export const isLabelFileOf = (format: LabelFormat, file: Buffer): boolean => {
  if (format === 'PDF') return file.subarray(0, 5).toString('latin1') === '%PDF-';
  const text = file.toString('latin1').trim();
  return text.startsWith('^XA') && text.endsWith('^XZ');
};

/** The format a shipment asks for (PDF unless it says otherwise). */
export const formatOf = (shipment: { format?: LabelFormat }): LabelFormat => shipment.format ?? 'PDF';
