import { barSpaceWidths } from '../sandbox/label-renderer';
import { gs1128Data } from '../zpl/zpl-writer';
import { code128Values, code128Widths, rasteriseZpl, toPbm } from './zpl-rasteriser';

const blackAt = (raster: ReturnType<typeof rasteriseZpl>, x: number, y: number): boolean => raster.dots[y * raster.width + x] === 1;

describe('ZPL rasteriser (test support)', () => {
  it('reads invocation codes as a Zebra printer does: start C, FNC1, digit pairs, code B, and the mod-103 check', () => {
    // Start C (105), FNC1 (102), 12, 34, code B (100), '5' (21); check = (105 + 102·1 + 12·2 + 34·3 + 100·4 + 21·5) mod 103.
    expect(code128Values('>;>81234>65')).toEqual([105, 102, 12, 34, 100, 21, (105 + 102 + 24 + 102 + 400 + 105) % 103]);
    expect(code128Values('AB')).toEqual([104, 33, 34, (104 + 33 + 68) % 103]);
    expect(() => code128Values('>;123')).toThrow(/digit pairs/);
  });

  it('draws the same bars and spaces for a GS1-128 element string as bwip-js, an encoder we did not write', () => {
    for (const elementString of ['(420)10001(92)05599999999900000017', '(420)100011234(92)055999999999000000123456']) {
      expect(code128Widths(gs1128Data(elementString))).toEqual(barSpaceWidths(elementString));
    }
  });

  it('sizes the page from ^PW and ^LL and draws ^GB boxes as borders, filled when the border is as thick as the box', () => {
    const raster = rasteriseZpl('^XA^PW100^LL50^FO10,10^GB20,20,2^FS^FO50,10^GB10,10,10^FS^XZ');
    expect([raster.width, raster.height]).toEqual([100, 50]);
    expect(blackAt(raster, 10, 10)).toBe(true);
    expect(blackAt(raster, 20, 20)).toBe(false);
    expect(blackAt(raster, 29, 29)).toBe(true);
    expect(blackAt(raster, 55, 15)).toBe(true);
    expect(blackAt(raster, 5, 5)).toBe(false);
  });

  it('draws ^BC bars at the ^FO origin, ^BY module wide and ^BC high, and skips text fields', () => {
    const raster = rasteriseZpl('^XA^PW300^LL100^FO0,0^A0N,30,30^FDtext^FS^BY2,3.0,40^FO10,20^BCN,30,N,N,N,N^FD>;1234^FS^XZ');
    // The start character (2 1 1 2 3 2 for start C) begins with a bar 2 modules = 4 dots wide.
    expect([10, 11, 12, 13].map((x) => blackAt(raster, x, 20))).toEqual([true, true, true, true]);
    expect(blackAt(raster, 14, 20)).toBe(false);
    expect(blackAt(raster, 10, 49)).toBe(true);
    expect(blackAt(raster, 10, 50)).toBe(false);
    expect(blackAt(raster, 5, 5)).toBe(false);
  });

  it('writes a binary PBM with the set dots as 1 bits', () => {
    const pbm = toPbm({ width: 9, height: 1, dots: Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0, 1]) });
    expect(pbm.subarray(0, 7).toString('latin1')).toBe('P4\n9 1\n');
    expect([...pbm.subarray(7)]).toEqual([0x80, 0x80]);
  });
});
