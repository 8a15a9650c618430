import { PDFContext, PDFDocument, PDFRef } from 'pdf-lib';
import { PdfStreamAssembler } from './pdf-stream-assembler';

/** The offset the cross-reference table gives for object `n`. */
function xrefOffset(file: string, n: number): number {
  const table = file.slice(file.lastIndexOf('\nxref\n') + 1);
  const entries = table.split('\n').slice(2);
  return Number(entries[n].slice(0, 10));
}

describe('PdfStreamAssembler', () => {
  it('writes a file whose cross-reference table points at every object, which pdf-lib then opens', async () => {
    const out = new PdfStreamAssembler();
    const chunks: Buffer[] = [out.header()];
    const catalog = out.reserve();
    const pages = out.reserve();
    const context = PDFContext.create();
    const content = context.register(context.stream('0 0 m 10 10 l S'));
    const page = context.register(context.obj({ Type: 'Page', MediaBox: [0, 0, 100, 100], Contents: content }));
    const appended = out.append(context, new Map([[page.objectNumber, `/Parent ${pages} 0 R`]]));
    chunks.push(appended.chunk);
    chunks.push(out.object(pages, `<< /Type /Pages /Count 1 /Kids [${appended.numberOf(page)} 0 R] >>`));
    chunks.push(out.object(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`));
    chunks.push(...out.trailer(catalog));
    const file = Buffer.concat(chunks);
    const latin1 = file.toString('latin1');

    expect(out.byteLength).toBe(file.length);
    for (let n = 1; n <= 4; n++) expect(latin1.startsWith(`${n} 0 obj\n`, xrefOffset(latin1, n))).toBe(true);
    expect(latin1).toContain('4 0 obj\n<< /Type /Page /MediaBox [ 0 0 100 100 ] /Contents 3 0 R /Parent 2 0 R >>');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(latin1)?.[1]);
    expect(latin1.startsWith('xref\n0 5\n', startxref)).toBe(true);
    expect((await PDFDocument.load(file)).getPageCount()).toBe(1);
  });

  it('numbers each appended context after the objects already there', () => {
    const out = new PdfStreamAssembler();
    out.header();
    out.reserve();
    const first = PDFContext.create();
    const a = first.register(first.obj({ A: 1 }));
    const second = PDFContext.create();
    const b = second.register(second.obj({ B: 1 }));
    const c = second.register(second.obj({ C: b }));
    expect(out.append(first).numberOf(a)).toBe(2);
    const appended = out.append(second);
    expect([appended.numberOf(b), appended.numberOf(c)]).toEqual([3, 4]);
    expect(appended.chunk.toString('latin1')).toContain('4 0 obj\n<< /C 3 0 R >>');
  });

  it('writes a number pdf-lib handed out for a missing object as null, so the table has no hole', () => {
    const out = new PdfStreamAssembler();
    out.header();
    const context = PDFContext.create();
    const dangling = context.nextRef();
    context.register(context.obj({ Points: dangling }));
    expect(out.append(context).chunk.toString('latin1')).toBe('1 0 obj\nnull\nendobj\n2 0 obj\n<< /Points 1 0 R >>\nendobj\n');
  });

  it('refuses to finish while a reserved object is unwritten, or to write an object twice', () => {
    const out = new PdfStreamAssembler();
    out.header();
    const reserved = out.reserve();
    expect(() => [...out.trailer(reserved)]).toThrow(/reserved but never written/);
    out.object(reserved, '<< >>');
    expect(() => out.object(reserved, '<< >>')).toThrow(/not a reserved, unwritten number/);
  });

  it('refuses a reference that leaves the appended context', () => {
    const out = new PdfStreamAssembler();
    out.header();
    const context = PDFContext.create();
    context.register(context.obj({ Elsewhere: PDFRef.of(7) }));
    expect(() => out.append(context)).toThrow(/outside the appended context/);
  });
});
