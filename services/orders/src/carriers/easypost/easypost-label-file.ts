import type { LabelFormat, PurchaseOutcome } from '../carrier.port';
import { FORMAT_NAMES, isLabelFileOf } from '../label-file';
import type { EasyPostClient } from './easypost.client';
import { labelFileUrlOf, toBoughtLabel } from './easypost.mapper';
import { readEasyPostShipment, type EasyPostShipment } from './easypost.schema';
import { failureText, unknown } from './easypost-outcomes';
import { labelWithForms } from './easypost-forms';

const nameOf = (shipment: EasyPostShipment): string => shipment.tracking_code ?? shipment.id;

/**
 * A bought shipment's file in the format asked for, and with it our label. When the shipment names no file of that
 * format (every recorded buy answered only a PNG), EasyPost's label conversion is asked for it. The label is sold
 * by now, so anything short of the file is `unknown`: `resolve` asks again (the shipment, then the conversion) and
 * never buys a second label. An international label's customs forms are merged behind it (easypost-forms.ts).
 */
export const boughtLabelOf = async (client: EasyPostClient, shipment: EasyPostShipment, format: LabelFormat): Promise<PurchaseOutcome> => {
  const withFile = labelFileUrlOf(shipment, format) ? shipment : await converted(client, shipment, format);
  if ('kind' in withFile) return withFile;
  const url = labelFileUrlOf(withFile, format);
  if (!url) return unknown(`EasyPost converted label ${nameOf(shipment)} but named no ${format} file for it.`);
  const file = await client.downloadFile(url);
  if (file.kind !== 'ok') {
    return unknown(`The EasyPost label ${nameOf(shipment)} was bought but its file could not be downloaded (${file.kind === 'error' ? `HTTP ${file.status}` : file.message}).`);
  }
  if (!isLabelFileOf(format, file.bytes)) return unknown(`The EasyPost label ${nameOf(shipment)} was bought but its file is not ${FORMAT_NAMES[format]}.`);
  // Customs forms print behind the label (a ZPL label is never bought with customs: the adapter refuses it first).
  const printed = format === 'PDF' ? await labelWithForms(client, withFile, file.bytes) : ({ ok: true, file: file.bytes } as const);
  if (!printed.ok) return unknown(`The EasyPost label ${nameOf(shipment)} was bought but ${printed.message}.`);
  const label = toBoughtLabel(withFile, format, printed.file);
  return label ? { kind: 'bought', label } : unknown(`EasyPost shipment ${shipment.id} was bought without a tracking code or a USPS service we sell.`);
};

/** `GET /v2/shipments/:id/label?file_format=…`: the shipment with the format's file named. */
const converted = async (client: EasyPostClient, shipment: EasyPostShipment, format: LabelFormat): Promise<EasyPostShipment | PurchaseOutcome> => {
  const reply = await client.convertLabel(shipment.id, format);
  if (reply.kind !== 'ok') return unknown(`The EasyPost label ${nameOf(shipment)} was bought, but EasyPost did not convert it to ${FORMAT_NAMES[format]} yet: ${failureText(reply)}`);
  const answer = readEasyPostShipment(reply.body);
  return answer ?? unknown(`The EasyPost label ${nameOf(shipment)} was bought, but EasyPost's answer to its conversion to ${FORMAT_NAMES[format]} could not be read.`);
};
