import { PDFContext, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';
import { serializePdfObject } from './pdf-object-serializer';

const text = (parts: Buffer[]) => Buffer.concat(parts).toString('latin1');
const plus100 = (n: number) => n + 100;

describe('serializePdfObject', () => {
  it('renumbers references inside nested dictionaries and arrays', () => {
    const context = PDFContext.create();
    const dict = context.obj({ Type: 'Page', Kids: [PDFRef.of(1), PDFRef.of(2)], Resources: { Font: { F1: PDFRef.of(3) } } });
    expect(text(serializePdfObject(dict, plus100))).toBe('<< /Type /Page /Kids [ 101 0 R 102 0 R ] /Resources << /Font << /F1 103 0 R >> >> >>');
  });

  it('writes strings, names and numbers as pdf-lib does', () => {
    const context = PDFContext.create();
    const array = context.obj([PDFString.of('a (b) c'), PDFHexString.of('00ff'), PDFName.of('A B'), 1.5, -2, true, null]);
    expect(text(serializePdfObject(array, plus100))).toBe('[ (a (b) c) <00ff> /A#20B 1.5 -2 true null ]');
  });

  it('writes a stream with its bytes unchanged and its /Length set to them, whatever length it declared', () => {
    const context = PDFContext.create();
    const stream = context.stream(Buffer.from([0, 1, 2, 255]), { Length: PDFRef.of(9), Filter: 'FlateDecode', Resources: PDFRef.of(2) });
    const bytes = Buffer.concat(serializePdfObject(stream, plus100));
    expect(bytes.toString('latin1')).toBe('<< /Length 4 /Filter /FlateDecode /Resources 102 0 R >>\nstream\n\u0000\u0001\u0002\u00ff\nendstream');
  });

  it('adds extra entries to a top-level dictionary only', () => {
    const context = PDFContext.create();
    const dict = context.obj({ Type: 'Page', Inner: { A: 1 } });
    expect(text(serializePdfObject(dict, plus100, '/Parent 2 0 R'))).toBe('<< /Type /Page /Inner << /A 1 >> /Parent 2 0 R >>');
  });
});
