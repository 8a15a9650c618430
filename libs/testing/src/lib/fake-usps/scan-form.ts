import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseJson, type Reply } from './json';
import type { FakeUspsLabel } from './label-desk';
import { multipartReply } from './multipart-answer';
import type { FakeUspsAccount } from './payment-rules';
import type { FakeScanFormRequest } from './usps-requests';
import { errorBody, type UspsErrorItem } from './usps-errors';

const SCAN_FORMS = '/scan-forms/v3';

/**
 * How the fake answers a SCAN form. `spec`: the multipart SCAN Forms 3.1.14 documents (parts `SCANFormMetaData` and
 * `SCANFormImage`). `usps-example`: as USPS/api-examples `SCANForm-LabelShipment-response.json` shows it, which is not
 * what the spec says (parts `Scan Form Response` and `label`, the sender's address nested under `address` with its
 * street and secondary lines swapped): the fake's spec check records those answers as violations, as it should.
 */
export type ScanFormAnswerStyle = 'spec' | 'usps-example';

const refusal = (errors: readonly UspsErrorItem[]): Reply => ({ status: 400, body: errorBody(SCAN_FORMS, 400, errors) });

export const scanFormPdf = async (number: string, mailingDate: string, trackingNumbers: readonly string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const lines = [`TEST PS Form 5630 ${number}`, `Mailing date ${mailingDate}`, `Packages ${trackingNumbers.length}`, ...trackingNumbers];
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 14, size: 10, font }));
  return Buffer.from(await doc.save());
};

const upper = (value: string | undefined) => (value ?? '').toUpperCase();

/** `SCANFormMetaData`: the request as USPS standardised it, the form's number and the labels on it. */
const specMetadata = (request: FakeScanFormRequest, number: string, trackingNumbers: readonly string[]) => {
  const { fromAddress: from } = request;
  const fromAddress = {
    ...from,
    streetAddress: upper(from.streetAddress),
    city: upper(from.city),
    ...(from.secondaryAddress ? { secondaryAddress: upper(from.secondaryAddress) } : {}),
    ...(from.firstName ? { firstName: upper(from.firstName) } : {}),
    ...(from.lastName ? { lastName: upper(from.lastName) } : {}),
    ...(from.firm ? { firm: upper(from.firm) } : {}),
  };
  const { shipment: _asked, fromAddress: _given, ...rest } = request;
  return { ...rest, shipment: { trackingNumbers }, fromAddress, manifestNumber: number, trackingNumbers };
};

/** The metadata part of USPS/api-examples `SCANForm-LabelShipment-response.json`, field for field. */
const exampleMetadata = (request: FakeScanFormRequest, number: string, trackingNumbers: readonly string[]) => {
  const from = request.fromAddress;
  return {
    form: request.form ?? '5630',
    imageType: request.imageType ?? 'PDF',
    labelType: request.labelType ?? '8.5x11LABEL',
    mailingDate: request.mailingDate,
    overwriteMailingDate: request.overwriteMailingDate ?? false,
    entryFacilityZIPCode: request.entryFacilityZIPCode,
    destinationEntryFacilityType: request.destinationEntryFacilityType,
    shipment: { trackingNumbers },
    fromAddress: {
      firstName: from.firstName ?? '',
      lastName: from.lastName ?? '',
      firm: from.firm ?? '',
      address: {
        // Swapped in USPS's example: the secondary line is under streetAddress and the street under secondaryAddress.
        streetAddress: upper(from.secondaryAddress),
        streetAddressAbbreviation: '',
        secondaryAddress: upper(from.streetAddress),
        city: upper(from.city),
        cityAbbreviation: '',
        state: upper(from.state),
        urbanization: upper(from.urbanization),
        country: 'United States',
        countryISOCode: '840',
        zipCode: from.ZIPCode,
        zipPlus4: from.ZIPPlus4 ?? '',
      },
    },
    manifestNumber: number,
    trackingNumbers,
  };
};

/**
 * `POST /scan-forms/v3/scan-form` (PS Form 5630) of labels the fake sold, by tracking number (`LabelShipment`) or by
 * the label owner's MID or manifest MID: refused for a label it never sold, one canceled or one already on a form;
 * otherwise every label is on the form from now on (manifested: a cancel is a refund request).
 */
export class FakeUspsScanFormDesk {
  style: ScanFormAnswerStyle;
  private serial = 0;

  constructor(
    private readonly labels: ReadonlyMap<string, FakeUspsLabel>,
    private readonly account: FakeUspsAccount,
    style: ScanFormAnswerStyle,
  ) {
    this.style = style;
  }

  /** A body the spec accepted, answered by `style` (or `SCANFormVendorResponse` JSON for the vendor Accept). */
  async make(body: string, accept: string): Promise<Reply> {
    const json = parseJson(body);
    if (!json.ok) return refusal([{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }]);
    const request = json.value as FakeScanFormRequest;
    const imageType = request.imageInfo?.imageType ?? request.imageType ?? 'PDF';
    if (imageType !== 'PDF' && imageType !== 'NONE') return refusal([{ code: 'FAKE', parameter: 'imageType', detail: `The fake USPS makes SCAN forms as PDF only, not ${imageType}` }]);
    const chosen = this.labelsOf(request);
    if (!Array.isArray(chosen)) return chosen;
    this.serial += 1;
    const number = `9275${this.account.mid.padStart(9, '0').slice(0, 9)}${String(this.serial).padStart(9, '0')}`;
    for (const label of chosen) label.scanForm = number;
    const trackingNumbers = chosen.map((label) => label.trackingNumber);
    const image = imageType === 'NONE' ? null : (await scanFormPdf(number, request.mailingDate, trackingNumbers)).toString('base64');
    if (this.style === 'usps-example') {
      return multipartReply([
        { name: 'Scan Form Response', contentType: 'application/json', text: JSON.stringify(exampleMetadata(request, number, trackingNumbers), null, 4) },
        ...(image === null ? [] : [{ name: 'label', contentType: 'application/pdf', filename: 'label.pdf', text: image }]),
      ]);
    }
    const metadata = specMetadata(request, number, trackingNumbers);
    if (accept.includes('application/vnd.usps.labels+json')) {
      return { status: 200, body: { ...metadata, ...(image === null ? {} : { SCANFormImage: image }) }, contentType: 'application/vnd.usps.labels+json' };
    }
    return multipartReply([
      { name: 'SCANFormMetaData', contentType: 'application/json', text: JSON.stringify(metadata) },
      ...(image === null ? [] : [{ name: 'SCANFormImage', contentType: 'application/pdf', filename: 'SCANForm.pdf', text: image }]),
    ]);
  }

  /** The labels the form takes, or the refusal. */
  private labelsOf(request: FakeScanFormRequest): FakeUspsLabel[] | Reply {
    const { shipment } = request;
    if ('trackingNumbers' in shipment) {
      const chosen: FakeUspsLabel[] = [];
      for (const trackingNumber of shipment.trackingNumbers) {
        const label = this.labels.get(trackingNumber);
        const refuse = (code: string, detail: string) => refusal([{ code, parameter: 'trackingNumbers', detail: `Tracking number ${trackingNumber} ${detail}` }]);
        if (!label) return refuse('010001', 'was not found');
        if (label.state !== 'issued') return refuse('010002', 'was canceled');
        if (label.scanForm !== null) return refuse('010003', 'is already on a SCAN form');
        chosen.push(label);
      }
      return chosen;
    }
    const [field, wanted] = 'MID' in shipment ? (['MID', this.account.mid] as const) : (['manifestMID', this.account.manifestMid] as const);
    const given = 'MID' in shipment ? shipment.MID : shipment.manifestMID;
    if (given !== wanted) return refusal([{ code: '403', parameter: `shipment.${field}`, detail: `${field} ${given} is not the label owner's in the payment authorization token` }]);
    // "All eligible labels created using the provided MID for the requested mailingDate, entryFacilityZIPCode, and
    // destinationEntryFacilityType will be added to the SCAN Form."
    const eligible = [...this.labels.values()].filter((label) => {
      const pkg = label.request.packageDescription;
      return (
        label.state === 'issued' &&
        label.scanForm === null &&
        pkg.mailingDate.slice(0, 10) === request.mailingDate &&
        label.request.fromAddress.ZIPCode === request.entryFacilityZIPCode &&
        pkg.destinationEntryFacilityType === request.destinationEntryFacilityType
      );
    });
    if (eligible.length === 0) return refusal([{ code: '010001', parameter: `shipment.${field}`, detail: `No label of ${field} ${given} is eligible for a SCAN form on ${request.mailingDate}` }]);
    return eligible;
  }
}
