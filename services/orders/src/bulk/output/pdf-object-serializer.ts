/**
 * Serialises a pdf-lib object with its indirect references renumbered.
 *
 * pdf-lib can only write references under the numbers its PDFRef objects carry, and it keeps every PDFRef it ever
 * made in a process-wide pool. Giving each label's objects their final numbers in the merged file would therefore
 * leave every label's references in that pool for good: a merge's memory would grow with its labels. Instead each
 * label is copied into a fresh context numbered from 1, and this writes it out with `n` mapped to the file's number:
 * the containers (dictionaries, arrays, streams) are walked here, everything else is written by pdf-lib itself.
 */
import { PDFArray, PDFDict, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';

export type Renumber = (localObjectNumber: number) => number;

const DICT_OPEN = Buffer.from('<<', 'latin1');
const DICT_CLOSE = Buffer.from(' >>', 'latin1');
const ARRAY_OPEN = Buffer.from('[', 'latin1');
const ARRAY_CLOSE = Buffer.from(' ]', 'latin1');
const SPACE = Buffer.from(' ', 'latin1');
const STREAM_START = Buffer.from('\nstream\n', 'latin1');
const STREAM_END = Buffer.from('\nendstream', 'latin1');

/**
 * The object's bytes as parts to concatenate. `extraEntries` (PDF source text such as `/Parent 2 0 R`) is added
 * to a top-level dictionary, or to a stream's dictionary.
 */
export function serializePdfObject(object: PDFObject, renumber: Renumber, extraEntries = ''): Buffer[] {
  const parts: Buffer[] = [];
  write(object, renumber, parts, extraEntries);
  return parts;
}

function write(object: PDFObject, renumber: Renumber, parts: Buffer[], extraEntries: string): void {
  if (object instanceof PDFRef) {
    parts.push(Buffer.from(`${renumber(object.objectNumber)} ${object.generationNumber} R`, 'latin1'));
  } else if (object instanceof PDFDict) {
    writeDict(object, renumber, parts, extraEntries);
  } else if (object instanceof PDFArray) {
    parts.push(ARRAY_OPEN);
    for (const item of object.asArray()) {
      parts.push(SPACE);
      write(item, renumber, parts, '');
    }
    parts.push(ARRAY_CLOSE);
  } else if (object instanceof PDFStream) {
    // Sets /Length to the bytes actually written, whatever (possibly indirect) length the source declared.
    object.updateDict();
    writeDict(object.dict, renumber, parts, extraEntries);
    const contents = object.getContents();
    parts.push(STREAM_START, Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength), STREAM_END);
  } else {
    const bytes = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    parts.push(bytes);
  }
}

function writeDict(dict: PDFDict, renumber: Renumber, parts: Buffer[], extraEntries: string): void {
  parts.push(DICT_OPEN);
  for (const [key, value] of dict.entries()) {
    parts.push(SPACE);
    write(key, renumber, parts, '');
    parts.push(SPACE);
    write(value, renumber, parts, '');
  }
  if (extraEntries !== '') parts.push(Buffer.from(` ${extraEntries}`, 'latin1'));
  parts.push(DICT_CLOSE);
}
