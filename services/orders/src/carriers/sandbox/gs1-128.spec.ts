import { raw as bwipRaw } from 'bwip-js';
import { impbBarSpaceWidths } from './gs1-128';
import { buildImpb } from './impb';

const bwipWidths = (elementString: string): number[] => {
  const [symbol] = bwipRaw({ bcid: 'gs1-128', text: elementString });
  if (!symbol || !('sbs' in symbol)) throw new Error('no linear symbol');
  return symbol.sbs;
};

/** A seeded generator, so a failure names inputs that can be run again. */
const lcg = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

describe('impbBarSpaceWidths', () => {
  it("draws exactly bwip-js's bars and spaces for 3,000 IMpbs: both channels, ZIP5 and ZIP+4, every serial length", () => {
    const random = lcg(25);
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const checks = new Set<string>();
    for (let i = 0; i < 3_000; i++) {
      const channel = i % 2 === 0 ? '92' : '93';
      const impb = buildImpb({
        zip5: digits(5),
        zip4: i % 3 === 0 ? null : digits(4),
        channel,
        serviceTypeCode: digits(3),
        mailerId: channel === '92' ? `9${digits(8)}` : digits(6),
        serial: Math.floor(random() * (i % 4 < 2 ? 1e7 : 1e11)),
      });
      const ours = impbBarSpaceWidths(impb.barcodeData);
      expect([impb.barcodeData, ours]).toEqual([impb.barcodeData, bwipWidths(impb.barcodeData)]);
      // The check symbol (the 6 widths before the stop's 7), so the run is known to have used all 103 values it takes.
      checks.add((ours ?? []).slice(-13, -7).join(''));
    }
    expect(checks.size).toBe(103);
  });

  it('is 222 modules wide for a ZIP5 IMpb, as formats.md §1.6 computes', () => {
    expect(impbBarSpaceWidths('(420)10001(92)05591234567800000011')?.reduce((sum, w) => sum + w, 0)).toBe(222);
  });

  it('leaves any other element string to bwip-js', () => {
    expect(impbBarSpaceWidths('(01)09501101530003')).toBeNull();
    expect(impbBarSpaceWidths('(420)1000(92)0559')).toBeNull();
    expect(impbBarSpaceWidths('(420)10001(92)055')).toBeNull();
    expect(impbBarSpaceWidths('(420)10001(92)ABCD')).toBeNull();
  });
});
