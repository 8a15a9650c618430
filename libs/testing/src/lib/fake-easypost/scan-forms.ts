import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { errorAnswer, NOT_FOUND, type FakeAnswer } from './errors';
import { easyPostRecordedBody } from './recorded';
import { timestamp, type Json } from './shipment-json';

/** What a form needs of a shipment it lists: its label's tracking code and its sender. */
export interface ScanFormShipment {
  trackingCode: string;
  fromAddress: Json;
}

/**
 * The fake's ScanForms (recorded: `POST /v2/scan_forms {scan_form: {shipments: [{id}]}}` answered 200 with a created
 * form; `GET /v2/scan_forms/:id`): a form of bought shipments, each on one form only, with its PDF at `form_url`
 * (served by the fake, as EasyPost's file host does) and the shipments' sender as its address.
 */
export class FakeEasyPostScanForms {
  private readonly forms = new Map<string, Json>();
  private readonly files = new Map<string, Buffer>();
  private readonly formOf = new Map<string, string>();
  private failure: string | null = null;

  constructor(
    private readonly baseUrl: () => string,
    /** A bought shipment not refunded; undefined for one not bought (or unknown). */
    private readonly shipmentOf: (shipmentId: string) => ScanFormShipment | undefined,
  ) {}

  /** The next form is answered `failed` with this message (EasyPost's ScanForm status for a form it could not make). */
  failNext(message: string): void {
    this.failure = message;
  }

  /** The form a shipment is on, if any (a refund after it is a USPS refund request). */
  formOfShipment(shipmentId: string): string | undefined {
    return this.formOf.get(shipmentId);
  }

  async create(body: unknown): Promise<FakeAnswer> {
    const form = typeof body === 'object' && body !== null ? (body as { scan_form?: { shipments?: unknown } }).scan_form : undefined;
    const shipments = form?.shipments;
    const ids = Array.isArray(shipments) ? shipments.map((s: unknown) => (typeof s === 'object' && s !== null ? (s as { id?: unknown }).id : undefined)) : [];
    if (ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'scan_form.shipments', message: 'cannot be blank' }] });
    }
    const listed: ScanFormShipment[] = [];
    for (const id of ids as string[]) {
      const shipment = this.shipmentOf(id);
      if (!shipment) return errorAnswer({ status: 422, code: 'SCAN_FORM.INVALID', message: `Shipment ${id} has no postage label and cannot be added to a scan form.`, errors: [] });
      if (this.formOf.has(id)) return errorAnswer({ status: 422, code: 'SCAN_FORM.INVALID', message: `Shipment ${id} (${shipment.trackingCode}) is already on a scan form.`, errors: [] });
      listed.push(shipment);
    }
    const id = `sf_${randomBytes(16).toString('hex')}`;
    const codes = listed.map((shipment) => shipment.trackingCode);
    const now = timestamp();
    const made: Json = {
      ...(easyPostRecordedBody('scan-form', 'created') as Json),
      id,
      created_at: now,
      updated_at: now,
      tracking_codes: codes,
      address: listed[0]?.fromAddress ?? null,
      form_url: `${this.baseUrl()}/files/scan_form/${id}.pdf`,
      batch_id: `batch_${randomBytes(16).toString('hex')}`,
    };
    if (this.failure !== null) {
      Object.assign(made, { status: 'failed', message: this.failure, form_url: null });
      this.failure = null;
    } else {
      this.files.set(`${id}.pdf`, await scanFormPdf(id, codes));
      for (const shipmentId of ids as string[]) this.formOf.set(shipmentId, id);
    }
    this.forms.set(id, made);
    return { status: 200, body: made };
  }

  get(id: string): FakeAnswer {
    const form = this.forms.get(id);
    return form ? { status: 200, body: form } : NOT_FOUND;
  }

  file(name: string): Buffer | undefined {
    return this.files.get(name);
  }
}

const scanFormPdf = async (id: string, codes: readonly string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  [`TEST USPS SCAN form ${id}`, `Packages ${codes.length}`, ...codes].forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 14, size: 10, font }));
  return Buffer.from(await doc.save());
};
