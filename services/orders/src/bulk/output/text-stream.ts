import { Readable } from 'node:stream';

/**
 * A byte stream of the UTF-8 text `chunks` yields, pulled lazily: the generator only runs when the reader wants
 * more, so a slow sink (a database write, an HTTP response) holds back the producer instead of letting it buffer.
 */
export function utf8Readable(chunks: AsyncIterable<string>): Readable {
  return Readable.from(encode(chunks), { objectMode: false });
}

async function* encode(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}
