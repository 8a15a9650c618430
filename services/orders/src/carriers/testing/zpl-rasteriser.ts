/**
 * Test support: a minimal ZPL II rasteriser for the subset the sandbox's ZPL labels use, so a test can turn a label
 * into a picture and read its barcode with a real scanner (zbarimg) instead of trusting our own writer.
 * Drawn: ^PW/^LL (the page), ^FO (origins), ^GB (boxes and lines), ^BY + ^BC (Code 128 bars from the field data's
 * invocation codes, subsets B and C, FNC1). Text (^A0 … ^FD) is skipped: its glyphs live in the printer's firmware.
 */

/** Code 128 element widths (bar, space, bar, space, bar, space) of values 0..105, and the stop pattern (ISO/IEC 15417). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', '221312', '231212', '112232', '122132', '122231',
  '113222', '123122', '123221', '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114', '122411', '142112', '142211',
  '241211', '221114', '413111', '241112', '134111', '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141', '114131', '311141', '411131', '211412', '211214',
  '211232',
] as const;
const STOP = '2331112';
const START = { A: 103, B: 104, C: 105 } as const;

export interface Raster {
  width: number;
  height: number;
  /** One byte per dot, 1 = black, row by row. */
  dots: Uint8Array;
}

/** The Code 128 symbol values (start … check) of ^BC field data, read as a Zebra printer reads its invocation codes. */
export function code128Values(data: string): number[] {
  let subset: 'B' | 'C' = 'B';
  let i = 0;
  const starts: Record<string, 'B' | 'C'> = { '>:': 'B', '>;': 'C' };
  const start = starts[data.slice(0, 2)];
  if (start) {
    subset = start;
    i = 2;
  } else if (data.startsWith('>9')) {
    throw new Error('subset A is not drawn by this rasteriser');
  }
  const values: number[] = [START[subset]];
  while (i < data.length) {
    if (data[i] === '>') {
      const code = data[i + 1];
      i += 2;
      if (code === '8') {
        values.push(102);
      } else if (subset === 'C' && code === '6') {
        values.push(100);
        subset = 'B';
      } else if (subset === 'B' && code === '5') {
        values.push(99);
        subset = 'C';
      } else if (subset === 'B' && code === '<') {
        // `><` is a literal `>` in subset B.
        values.push(30);
      } else {
        throw new Error(`invocation code >${code ?? ''} in subset ${subset} is not drawn by this rasteriser`);
      }
      continue;
    }
    if (subset === 'C') {
      const pair = data.slice(i, i + 2);
      if (!/^\d\d$/.test(pair)) throw new Error(`subset C needs digit pairs, got ${JSON.stringify(pair)}`);
      values.push(Number(pair));
      i += 2;
    } else {
      const code = data.charCodeAt(i) - 32;
      if (code < 0 || code > 95) throw new Error(`character ${JSON.stringify(data[i])} is not in subset B`);
      values.push(code);
      i += 1;
    }
  }
  const check = values.reduce((sum, value, index) => sum + value * Math.max(1, index), 0) % 103;
  return [...values, check];
}

/** Bar/space widths in modules of a ^BC symbol (bar first), with the stop pattern: what a scanner measures. */
export function code128Widths(data: string): number[] {
  const patterns = [...code128Values(data).map((value) => PATTERNS[value] ?? ''), STOP];
  return patterns.flatMap((pattern) => [...pattern].map(Number));
}

interface Command {
  name: string;
  params: string;
}

/** The commands of one ZPL text, `^` and `~` prefixed, with their parameters (field data included). */
function commandsOf(zpl: string): Command[] {
  return [...zpl.matchAll(/[\^~]([A-Z0-9@]{2})([^\^~]*)/gi)].map((match) => ({ name: (match[1] ?? '').toUpperCase(), params: (match[2] ?? '').replace(/\r?\n$/, '') }));
}

const numbers = (params: string): number[] => params.split(',').map((part) => Number(part.trim()));

/** Draws the first ^XA … ^XZ label of `zpl` (812 × 1218 dots unless ^PW/^LL say otherwise). */
export function rasteriseZpl(zpl: string): Raster {
  const commands = commandsOf(zpl.slice(zpl.indexOf('^XA'), zpl.indexOf('^XZ') + 3));
  const size = { width: 812, height: 1218 };
  for (const { name, params } of commands) {
    if (name === 'PW') size.width = numbers(params)[0] ?? size.width;
    if (name === 'LL') size.height = numbers(params)[0] ?? size.height;
  }
  const raster: Raster = { ...size, dots: new Uint8Array(size.width * size.height) };
  const fill = (x: number, y: number, w: number, h: number, black: boolean) => {
    for (let row = Math.max(0, y); row < Math.min(raster.height, y + h); row++) {
      raster.dots.fill(black ? 1 : 0, row * raster.width + Math.max(0, x), row * raster.width + Math.min(raster.width, x + w));
    }
  };

  let origin = { x: 0, y: 0 };
  let barcode = { module: 2, height: 10 };
  let code128Height: number | null = null;
  for (const { name, params } of commands) {
    switch (name) {
      case 'FO': {
        const [x = 0, y = 0] = numbers(params);
        origin = { x, y };
        break;
      }
      case 'BY': {
        const [module = 2, , height = barcode.height] = numbers(params);
        barcode = { module, height };
        break;
      }
      case 'GB': {
        const [w = 1, h = 1, t = 1] = numbers(params);
        const black = (params.split(',')[3] ?? 'B').trim() !== 'W';
        fill(origin.x, origin.y, w, t, black);
        fill(origin.x, origin.y + h - t, w, t, black);
        fill(origin.x, origin.y, t, h, black);
        fill(origin.x + w - t, origin.y, t, h, black);
        break;
      }
      case 'BC': {
        const height = numbers(params)[1];
        code128Height = height !== undefined && Number.isFinite(height) ? height : barcode.height;
        break;
      }
      case 'FD':
        if (code128Height !== null) {
          let x = origin.x;
          code128Widths(params).forEach((width, index) => {
            if (index % 2 === 0) fill(x, origin.y, width * barcode.module, code128Height ?? 0, true);
            x += width * barcode.module;
          });
          code128Height = null;
        }
        break;
      case 'FS':
        code128Height = null;
        break;
      default:
        // Text, encodings, field blocks: not drawn (see above).
        break;
    }
  }
  return raster;
}

/** A raster as a binary PBM (P4) image, which zbarimg reads through ImageMagick. */
export function toPbm(raster: Raster): Buffer {
  const rowBytes = Math.ceil(raster.width / 8);
  const body = Buffer.alloc(rowBytes * raster.height);
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (raster.dots[y * raster.width + x]) body[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([Buffer.from(`P4\n${raster.width} ${raster.height}\n`, 'latin1'), body]);
}
