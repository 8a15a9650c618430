import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rasteriseZpl, toPbm } from '../testing/zpl-rasteriser';
import { labelInput } from '../testing/label-fixtures';
import { renderZplLabel } from './zpl-label-renderer';

// zbar-tools (zbarimg) reads the barcode of the rasterised ZPL label: a real scanner, not our writer, says what the
// bars hold. The rasteriser is test support (carriers/testing/zpl-rasteriser.ts, unit-tested against bwip-js).
const GS = '\x1d';

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'sandbox-zpl-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let count = 0;
function decode(zpl: Buffer): string[] {
  const path = join(workDir, `label-${++count}.pbm`);
  writeFileSync(path, toPbm(rasteriseZpl(zpl.toString('utf8'))));
  const spawned = spawnSync('zbarimg', ['--raw', '-q', path], { encoding: 'latin1', timeout: 30_000 });
  if (spawned.error) throw new Error(`zbarimg could not run (${spawned.error.message}); install zbar-tools`);
  return spawned.stdout.split('\n').filter((line) => line !== '');
}

/** zbar's GS1-128 answer as an element string (AIM prefix and leading FNC1 dropped, the FNC1 after AI 420 as GS). */
function toElementString(decoded: string, picLength: number): string {
  let data = decoded.replace(/^\]C1/, '');
  if (data.startsWith(GS)) data = data.slice(1);
  const [routing = '', pic = ''] = data.includes(GS) ? data.split(GS) : [data.slice(0, -picLength), data.slice(-picLength)];
  return `(${routing.slice(0, 3)})${routing.slice(3)}(${pic.slice(0, 2)})${pic.slice(2)}`;
}

describe('renderZplLabel, rasterised and scanned', () => {
  it.each([
    ['a ZIP5 label with a 22-digit tracking number (3-dot modules)', labelInput()],
    ['a ZIP+4 label with a 26-digit tracking number (2-dot modules)', labelInput({ zip4: '1234', serial: 123_456_789 })],
  ])('decodes %s to the IMpb data of the PDF label', (_name, input) => {
    const decoded = decode(renderZplLabel(input));
    expect(decoded).toHaveLength(1);
    expect(toElementString(decoded[0] ?? '', input.impb.hri.replace(/ /g, '').length)).toBe(input.impb.barcodeData);
  });
});
