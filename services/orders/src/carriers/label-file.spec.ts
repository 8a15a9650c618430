import { formatOf, isLabelFileOf } from './label-file';

describe('label files', () => {
  it('takes a file starting with %PDF- as a PDF, and nothing else', () => {
    expect(isLabelFileOf('PDF', Buffer.from('%PDF-1.7\n…'))).toBe(true);
    expect(isLabelFileOf('PDF', Buffer.from('^XA^FDx^FS^XZ'))).toBe(false);
    expect(isLabelFileOf('PDF', Buffer.from('\x89PNG'))).toBe(false);
  });

  it('takes one ^XA … ^XZ format as ZPL, with whitespace around it, and refuses a PDF or a cut-off label', () => {
    expect(isLabelFileOf('ZPL', Buffer.from('^XA\n^FO50,50^BCN,100^FD9400^FS\n^XZ\n'))).toBe(true);
    expect(isLabelFileOf('ZPL', Buffer.from('\r\n^XA^FDx^FS^XZ'))).toBe(true);
    expect(isLabelFileOf('ZPL', Buffer.from('%PDF-1.7'))).toBe(false);
    expect(isLabelFileOf('ZPL', Buffer.from('^XA^FO50,50^FDcut off'))).toBe(false);
    expect(isLabelFileOf('ZPL', Buffer.alloc(0))).toBe(false);
  });

  it('asks for a PDF unless the shipment says otherwise', () => {
    expect(formatOf({})).toBe('PDF');
    expect(formatOf({ format: 'ZPL' })).toBe('ZPL');
  });
});
