/**
 * The labels file of a `zpl` batch (`Labels_….zpl`): every label's ZPL, in the order they are fed (callers sort, e.g.
 * by SKU), end to end as one stream, one `^XA … ^XZ` format per label and a line break between them. A printer prints
 * one label per format, so the file sent to it as is prints the batch. A carrier's own ZPL goes in byte for byte
 * (only the whitespace around it is trimmed); a label that is not one ZPL format stops the file, as it would jam the printer.
 */
import { setImmediate as nextMacrotask } from 'node:timers/promises';

type LabelSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Labels between two turns of the event loop, as the merged PDF does: 10,000 must not starve sockets and timers. */
const LABELS_PER_TURN = 200;
const NEWLINE = Buffer.from('\n', 'latin1');
const isSpace = (byte: number | undefined): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** One label's bytes without the whitespace around them; throws unless they are one ^XA … ^XZ format. */
export function oneZplLabel(label: Uint8Array, index: number): Buffer {
  let start = 0;
  let end = label.length;
  while (start < end && isSpace(label[start])) start++;
  while (end > start && isSpace(label[end - 1])) end--;
  const bytes = Buffer.from(label.buffer, label.byteOffset + start, end - start);
  const text = bytes.toString('latin1');
  if (!text.startsWith('^XA') || !text.endsWith('^XZ') || text.indexOf('^XZ') !== text.length - 3) {
    throw new Error(`label ${index + 1} of the batch is not one ZPL label (^XA … ^XZ)`);
  }
  return bytes;
}

/** The batch's ZPL as chunks (one per label), pulled from `labels` as the reader asks for them. */
export async function* mergedLabelZplChunks(labels: LabelSource): AsyncGenerator<Buffer> {
  let index = 0;
  for await (const label of labels) {
    yield Buffer.concat([oneZplLabel(label, index), NEWLINE]);
    if (++index % LABELS_PER_TURN === 0) await nextMacrotask();
  }
}
