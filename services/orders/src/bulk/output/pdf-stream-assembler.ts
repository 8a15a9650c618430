/**
 * Writes a PDF file front to back in pieces (header, objects, cross-reference table, trailer), remembering only each
 * object's byte offset: the objects themselves are handed out as Buffers the moment they are serialised, so a file
 * of any length is assembled in constant memory apart from those offsets (one number per object).
 *
 * Object numbers of the file are plain numbers here, never pdf-lib PDFRefs (see pdf-object-serializer.ts for why).
 * pdf-lib objects come in a whole context at a time (append), each numbered from 1 in its own context.
 */
import { PDFNull, type PDFContext, PDFRef } from 'pdf-lib';
import { serializePdfObject } from './pdf-object-serializer';

/** `%PDF-1.7` plus a comment of bytes above 127, so transfer tools treat the file as binary (PDF 32000 §7.5.2). */
const HEADER = Buffer.concat([Buffer.from('%PDF-1.7\n%', 'latin1'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a])]);
const END_OBJ = Buffer.from('\nendobj\n', 'latin1');
/** Cross-reference entries per chunk handed out (20 bytes each). */
const XREF_ENTRIES_PER_CHUNK = 2048;
const UNWRITTEN = -1;

export interface AppendedContext {
  chunk: Buffer;
  /** The file's object number of an object of the appended context. */
  numberOf(local: PDFRef): number;
}

export class PdfStreamAssembler {
  private position = 0;
  /** Byte offset of object n at index n, UNWRITTEN while reserved. Index 0 is the head of the free list. */
  private readonly offsets: number[] = [0];

  /** Bytes handed out so far. */
  get byteLength(): number {
    return this.position;
  }

  header(): Buffer {
    if (this.position !== 0) throw new Error('the PDF header must come first');
    return this.advance(HEADER);
  }

  /** A number for an object written later, so that earlier objects can refer to it (e.g. a page to its parent). */
  reserve(): number {
    this.offsets.push(UNWRITTEN);
    return this.offsets.length - 1;
  }

  /**
   * Writes every object of `context` under fresh numbers, in its order; references between them are renumbered.
   * `extraEntries` adds PDF source text to the dictionary of some objects (by their number in the context), which
   * is how a copied page gets its /Parent in this file.
   */
  append(context: PDFContext, extraEntries: ReadonlyMap<number, string> = new Map()): AppendedContext {
    const base = this.offsets.length - 1;
    const count = context.largestObjectNumber;
    const renumber = (local: number): number => {
      if (local < 1 || local > count) throw new Error(`reference to object ${local}, outside the appended context`);
      return base + local;
    };
    const parts: Buffer[] = [];
    let at = this.position;
    for (let local = 1; local <= count; local++) {
      // pdf-lib hands out a number before it knows the object exists (a reference to a missing object in the
      // source): such a number is written as `null`, which is what a reader makes of a dangling reference anyway.
      const object = context.lookup(PDFRef.of(local)) ?? PDFNull;
      const objectParts = [Buffer.from(`${base + local} 0 obj\n`, 'latin1'), ...serializePdfObject(object, renumber, extraEntries.get(local)), END_OBJ];
      this.offsets.push(at);
      for (const part of objectParts) at += part.length;
      parts.push(...objectParts);
    }
    return { chunk: this.advance(Buffer.concat(parts)), numberOf: (local) => renumber(local.objectNumber) };
  }

  /** One object from its PDF source text (a dictionary, an array…), under a reserved number. */
  object(objectNumber: number, body: string): Buffer {
    return this.writeReserved(objectNumber, [Buffer.from(body, 'latin1')]);
  }

  /** One stream object under a reserved number; `/Length` is added to `dictEntries`. */
  stream(objectNumber: number, dictEntries: string, data: Buffer): Buffer {
    const dict = Buffer.from(`<< ${dictEntries}${dictEntries === '' ? '' : ' '}/Length ${data.length} >>\nstream\n`, 'latin1');
    return this.writeReserved(objectNumber, [dict, data, Buffer.from('\nendstream', 'latin1')]);
  }

  /** Cross-reference table and trailer; every reserved number must have been written by now. */
  *trailer(rootObjectNumber: number): Generator<Buffer> {
    const missing = this.offsets.indexOf(UNWRITTEN);
    if (missing !== -1) throw new Error(`object ${missing} was reserved but never written`);
    const xrefOffset = this.position;
    const size = this.offsets.length;
    yield this.advance(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n`, 'latin1'));
    for (let first = 1; first < size; first += XREF_ENTRIES_PER_CHUNK) {
      const last = Math.min(size, first + XREF_ENTRIES_PER_CHUNK);
      let text = '';
      for (let n = first; n < last; n++) text += `${String(this.offsets[n]).padStart(10, '0')} 00000 n \n`;
      yield this.advance(Buffer.from(text, 'latin1'));
    }
    yield this.advance(Buffer.from(`trailer\n<< /Size ${size} /Root ${rootObjectNumber} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  }

  private writeReserved(objectNumber: number, body: Buffer[]): Buffer {
    if (this.offsets[objectNumber] !== UNWRITTEN) throw new Error(`object ${objectNumber} is not a reserved, unwritten number`);
    this.offsets[objectNumber] = this.position;
    return this.advance(Buffer.concat([Buffer.from(`${objectNumber} 0 obj\n`, 'latin1'), ...body, END_OBJ]));
  }

  private advance(chunk: Buffer): Buffer {
    this.position += chunk.length;
    return chunk;
  }
}
