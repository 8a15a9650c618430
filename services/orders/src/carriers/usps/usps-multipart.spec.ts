import { imageOfPart, multipartParts, partName } from './usps-multipart';

const BINARY = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x0d, 0x0a, 0x00, 0xff, 0x0a]);

describe('USPS multipart answers', () => {
  it('splits on the boundary without decoding the bytes, keeping a body that itself ends in a line break', () => {
    const body = Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="labelImage"\r\n\r\n', 'latin1'), BINARY, Buffer.from('\r\n--b--\r\n', 'latin1')]);
    expect(multipartParts('multipart/form-data; boundary=b', body)).toEqual([{ headers: { 'content-disposition': 'form-data; name="labelImage"' }, body: BINARY }]);
  });

  it('takes bare LF line breaks, as USPS writes its published samples', () => {
    const parts = multipartParts('multipart/form-data; boundary="x-1"', Buffer.from('--x-1\nContent-Type: application/json\nContent-Disposition: form-data; name="Scan Form Response"\n\n{"a":1}\n--x-1--', 'latin1'));
    expect(parts.map((part) => [partName(part), part.body.toString('latin1')])).toEqual([['Scan Form Response', '{"a":1}']]);
  });

  it('reads the name, not the filename, of a part', () => {
    const [part] = multipartParts('multipart/form-data; boundary=b', Buffer.from('--b\r\nContent-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"\r\n\r\nx\r\n--b--', 'latin1'));
    expect(part && partName(part)).toBe('labelImage');
  });

  it('decodes an image part sent base64 (as USPS says it always is) and keeps one sent as raw bytes', () => {
    expect(imageOfPart({ headers: {}, body: Buffer.from('JVBERi0x\r\nLjQK', 'latin1') }).toString('latin1')).toBe('%PDF-1.4\n');
    expect(imageOfPart({ headers: {}, body: BINARY })).toEqual(BINARY);
    expect(imageOfPart({ headers: {}, body: Buffer.from('^XA^FO50,50^FDx^FS^XZ', 'latin1') }).toString('latin1')).toBe('^XA^FO50,50^FDx^FS^XZ');
  });

  it('finds nothing without a boundary', () => {
    expect(multipartParts('multipart/form-data', Buffer.from('--b\r\n\r\nx\r\n--b--'))).toEqual([]);
  });
});
