import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { errorAnswer, NOT_FOUND, type FakeAnswer, type Json } from './ledger';

/**
 * The fake's ScanForms (`POST /v2/scan_forms {shipments: [{id}]}`, `GET /v2/scan_forms/:id`): a form of bought
 * shipments, each on one form only, with its PDF at `form_url` (served by the fake, as EasyPost's file host does).
 */
export class FakeEasyPostScanForms {
  private readonly forms = new Map<string, Json>();
  private readonly files = new Map<string, Buffer>();
  private readonly formOf = new Map<string, string>();

  constructor(
    private readonly baseUrl: () => string,
    /** A bought shipment's tracking code, undefined for one not bought (or unknown). */
    private readonly trackingCodeOf: (shipmentId: string) => string | undefined,
  ) {}

  /** The form a shipment is on, if any (a refund after it is a USPS refund request). */
  formOfShipment(shipmentId: string): string | undefined {
    return this.formOf.get(shipmentId);
  }

  async create(body: unknown): Promise<FakeAnswer> {
    const shipments = typeof body === 'object' && body !== null ? (body as { shipments?: unknown }).shipments : undefined;
    const ids = Array.isArray(shipments) ? shipments.map((s: unknown) => (typeof s === 'object' && s !== null ? (s as { id?: unknown }).id : undefined)) : [];
    if (ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
      return errorAnswer({ status: 422, code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'shipments', message: 'cannot be blank' }] });
    }
    const codes: string[] = [];
    for (const id of ids as string[]) {
      const code = this.trackingCodeOf(id);
      if (!code) return errorAnswer({ status: 422, code: 'SCAN_FORM.INVALID', message: `Shipment ${id} has no postage label and cannot be added to a scan form.`, errors: [] });
      if (this.formOf.has(id)) return errorAnswer({ status: 422, code: 'SCAN_FORM.INVALID', message: `Shipment ${id} (${code}) is already on a scan form.`, errors: [] });
      codes.push(code);
    }
    const id = `sf_${randomBytes(16).toString('hex')}`;
    const pdf = await scanFormPdf(id, codes);
    this.files.set(`${id}.pdf`, pdf);
    for (const shipmentId of ids as string[]) this.formOf.set(shipmentId, id);
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const form: Json = {
      id,
      object: 'ScanForm',
      status: 'created',
      message: null,
      address: null,
      tracking_codes: codes,
      form_url: `${this.baseUrl()}/files/scan_form/${id}.pdf`,
      form_file_type: null,
      batch_id: `batch_${randomBytes(16).toString('hex')}`,
      confirmation: null,
      created_at: now,
      updated_at: now,
    };
    this.forms.set(id, form);
    return { status: 200, body: form };
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
