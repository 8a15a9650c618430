import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelAddress } from '../carrier.port';
import { uspsScanFormRequestOf } from './usps-scan-form';
import { uspsScanFormAnswer } from './usps-scan-form-answer';

const payload = (name: string) => readFileSync(join(__dirname, 'payloads', name));
const from: LabelAddress = { name: 'Ada Lovelace', company: 'Analytical Parcels', phone: null, street1: '1200 Industrial Pkwy', street2: 'Dock 4', city: 'Columbus', state: 'OH', zip: '43215-1234', country: 'US' };
const form = (change: Partial<LabelAddress> = {}) => ({ formId: 'f', mailingDate: '2026-11-26', from: { ...from, ...change }, labels: [{ trackingNumber: '9205500000000000000001', carrierRefs: {} }] });

/** USPS's own sample answer (api-examples): parts `Scan Form Response` and `label`, LF line breaks, a base64 PDF. */
const USPS_SAMPLE = 'multipart/form-data; boundary=9oxGwpVpWyl-C7mImcElxzrQ';
const samplePdf = () => {
  const text = payload('scan-form.usps-example.multipart').toString('latin1');
  const base64 = text.slice(text.indexOf('JVBERi0'), text.lastIndexOf('\n--9oxGwpVpWyl'));
  return Buffer.from(base64, 'base64');
};

/** The spec's multipart: a `SCANFormMetaData` JSON part and a base64 `SCANFormImage` part, CRLF as RFC 2046 has it. */
const specMultipart = (boundary: string, metadata: unknown, image: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="SCANFormMetaData"\r\n\r\n${JSON.stringify(metadata)}\r\n`, 'latin1'),
    Buffer.from(`--${boundary}\r\nContent-Type: application/pdf\r\nContent-Disposition: form-data; filename="SCANForm.pdf"; name="SCANFormImage"\r\n\r\n`, 'latin1'),
    typeof image === 'string' ? Buffer.from(image, 'latin1') : image,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
/** The metadata of the spec's `SCANFormVendorResponse` example (SCAN Forms 3.1.14), without its image. */
const SPEC_METADATA = { mailingDate: '2026-02-06', entryFacilityZIPCode: '63116', destinationEntryFacilityType: 'NONE', shipment: { trackingNumbers: ['9405530900066611112089'] }, manifestNumber: '9475038234567000031430', trackingNumbers: ['9405530900066611112089'] };

describe('USPS SCAN Forms 3.1.14: the request', () => {
  it('asks for a 5630 of the tracking numbers, from the sender, entered at its ZIP as labels handed over at its post office (NONE)', () => {
    expect(uspsScanFormRequestOf({ ...form(), labels: [{ trackingNumber: '9205500000000000000001', carrierRefs: {} }, { trackingNumber: '9205500000000000000002', carrierRefs: {} }] })).toEqual({
      form: '5630',
      imageType: 'PDF',
      labelType: '8.5x11LABEL',
      mailingDate: '2026-11-26',
      entryFacilityZIPCode: '43215',
      destinationEntryFacilityType: 'NONE',
      shipment: { trackingNumbers: ['9205500000000000000001', '9205500000000000000002'] },
      fromAddress: { firstName: 'Ada', lastName: 'Lovelace', firm: 'Analytical Parcels', streetAddress: '1200 Industrial Pkwy', secondaryAddress: 'Dock 4', city: 'Columbus', state: 'OH', ZIPCode: '43215', ZIPPlus4: '1234' },
    });
  });

  it('names a one-word sender without a company as the firm, since USPS wants first and last name or a firm', () => {
    expect(uspsScanFormRequestOf(form({ name: 'Ada', company: null })).fromAddress).toEqual({ firm: 'Ada', streetAddress: '1200 Industrial Pkwy', secondaryAddress: 'Dock 4', city: 'Columbus', state: 'OH', ZIPCode: '43215', ZIPPlus4: '1234' });
  });
});

describe('USPS SCAN Forms 3.1.14: the answer', () => {
  it("reads USPS's own sample answer: the manifestNumber of its 'Scan Form Response' part and the base64 PDF of its 'label' part", () => {
    const answer = uspsScanFormAnswer(USPS_SAMPLE, payload('scan-form.usps-example.multipart'));
    expect(answer).toEqual({ ok: true, barcode: 'XXXXXXXXXXXXXXXXXXXXXXXXXX', file: samplePdf() });
    if (!answer.ok) return;
    expect(answer.file.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(answer.file.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it("reads the spec's multipart: SCANFormMetaData's manifestNumber and the SCANFormImage decoded from base64", () => {
    const pdf = samplePdf();
    const boundary = 'ab+cd/ef==';
    expect(uspsScanFormAnswer(`multipart/form-data; boundary=${boundary}`, specMultipart(boundary, SPEC_METADATA, pdf.toString('base64')))).toEqual({ ok: true, barcode: '9475038234567000031430', file: pdf });
  });

  it('keeps a PDF sent as its own bytes, untouched, whatever its bytes are', () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from([0xe2, 0xe3, 0x0d, 0x0a, 0x00, 0xff]), Buffer.from('\n%%EOF', 'latin1')]);
    expect(uspsScanFormAnswer('multipart/form-data; boundary="b1"', specMultipart('b1', SPEC_METADATA, pdf))).toEqual({ ok: true, barcode: '9475038234567000031430', file: pdf });
  });

  it("reads the JSON forms: karrio's recorded SCANForm and the spec's SCANFormVendorResponse", () => {
    const karrio = uspsScanFormAnswer('application/json', payload('scan-form.karrio-json.json'));
    expect(karrio).toMatchObject({ ok: true, barcode: 'string' });
    const vendor = Buffer.from(JSON.stringify({ ...SPEC_METADATA, SCANFormImage: samplePdf().toString('base64') }));
    expect(uspsScanFormAnswer('application/vnd.usps.labels+json', vendor)).toEqual({ ok: true, barcode: '9475038234567000031430', file: samplePdf() });
  });

  it('says what is missing, and keeps the number when the metadata named it', () => {
    expect(uspsScanFormAnswer('multipart/form-data; boundary=b1', specMultipart('b1', SPEC_METADATA, 'not a pdf'))).toEqual({ ok: false, message: 'USPS answered SCAN form 9475038234567000031430 with an image that is not a PDF', barcode: '9475038234567000031430' });
    expect(uspsScanFormAnswer('multipart/form-data; boundary=b1', specMultipart('b1', { SCANFormNumber: '92750' }, samplePdf().toString('base64')))).toEqual({ ok: false, message: 'USPS answered the SCAN form (multipart) without its manifestNumber', barcode: null });
    expect(uspsScanFormAnswer('text/html', Buffer.from('<html>'))).toEqual({ ok: false, message: 'USPS answered the SCAN form as text/html, neither multipart nor JSON', barcode: null });
  });
});
