import { crc32, deflateSync } from 'node:zlib';

/** 4 x 6 in at 100 dpi, 8-bit grey. */
const WIDTH = 400;
const HEIGHT = 600;
const BORDER = 8;

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
};

let blank: Buffer | undefined;

/**
 * The PNG a recorded buy answers at `label_url`: here a blank 4x6 with a black frame and no barcode, so nobody takes it
 * for postage. Nothing of ours reads it; it is served so the URL answers as EasyPost's file host does.
 */
export const fakePngLabel = (): Buffer => {
  if (blank) return blank;
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(WIDTH + 1, 0xff);
    // Each row starts with its filter type (0: none).
    row[0] = 0;
    const edge = y < BORDER || y >= HEIGHT - BORDER;
    for (let x = 0; x < WIDTH; x++) if (edge || x < BORDER || x >= WIDTH - BORDER) row[x + 1] = 0;
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  // Bit depth 8, colour type 0 (grey), compression, filter and interlace methods 0.
  header.set([8, 0, 0, 0, 0], 8);
  blank = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
  return blank;
};
