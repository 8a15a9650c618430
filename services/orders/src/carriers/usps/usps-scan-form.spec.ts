import { multipartParts, uspsScanFormAnswer, uspsScanFormRequestOf } from './usps-scan-form';

const from = { name: 'Ada Lovelace', company: 'Analytical Parcels', phone: null, street1: '1200 Industrial Pkwy', street2: 'Dock 4', city: 'Columbus', state: 'OH', zip: '43215-1234', country: 'US' as const };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from([0xe2, 0xe3, 0x0d, 0x0a, 0x00, 0xff]), Buffer.from('\n%%EOF', 'latin1')]);

const multipart = (boundary: string, image: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="SCANFormMetadata"\r\n\r\n{"SCANFormNumber":"9275099999990000000012"}\r\n`, 'latin1'),
    Buffer.from(`--${boundary}\r\nContent-Type: application/pdf\r\nContent-Disposition: form-data; filename="SCANFormImage.pdf"; name="SCANFormImage"\r\n\r\n`, 'latin1'),
    typeof image === 'string' ? Buffer.from(image, 'latin1') : image,
    Buffer.from(`\r\n--${boundary}--`, 'latin1'),
  ]);

describe('USPS SCAN Forms 3.0', () => {
  it('asks for a 5630 of the tracking numbers, from the sender, entered at its ZIP', () => {
    const request = uspsScanFormRequestOf({ formId: 'f', mailingDate: '2026-11-26', from, labels: [{ trackingNumber: '9205500000000000000001', carrierRefs: {} }, { trackingNumber: '9205500000000000000002', carrierRefs: {} }] });
    expect(request).toEqual({
      form: '5630',
      imageType: 'PDF',
      labelType: '8.5x11LABEL',
      mailingDate: '2026-11-26',
      entryFacilityZIPCode: '43215',
      shipment: { trackingNumbers: ['9205500000000000000001', '9205500000000000000002'] },
      fromAddress: { streetAddress: '1200 Industrial Pkwy', secondaryAddress: 'Dock 4', city: 'Columbus', state: 'OH', ZIPCode: '43215', ZIPPlus4: '1234', firstName: 'Ada', lastName: 'Lovelace', firm: 'Analytical Parcels' },
    });
  });

  it('reads the form number and a PDF sent as its own bytes, untouched', () => {
    const boundary = 'ab+cd/ef==';
    const answer = uspsScanFormAnswer(`multipart/form-data; boundary=${boundary}`, multipart(boundary, PDF));
    expect(answer).toEqual({ ok: true, barcode: '9275099999990000000012', file: PDF });
  });

  it('reads a PDF sent base64, as the labels are', () => {
    const answer = uspsScanFormAnswer('multipart/form-data; boundary="b1"', multipart('b1', PDF.toString('base64')));
    expect(answer).toEqual({ ok: true, barcode: '9275099999990000000012', file: PDF });
  });

  it('says what is missing from an answer it cannot use', () => {
    expect(uspsScanFormAnswer('application/json', Buffer.from('{}'))).toEqual({ ok: false, message: 'USPS answered the SCAN form without its metadata and image' });
    expect(uspsScanFormAnswer('multipart/form-data; boundary=b1', multipart('b1', 'not a pdf'))).toEqual({ ok: false, message: 'USPS answered the SCAN form without a PDF' });
    expect(multipartParts('multipart/form-data', Buffer.alloc(0))).toEqual([]);
  });
});
