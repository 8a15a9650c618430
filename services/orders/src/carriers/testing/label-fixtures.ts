// Test fixtures for the label renderer's unit and integration specs (not a spec itself).
import { inflateSync } from 'node:zlib';
import type { LabelAddress } from '../carrier.port';
import { buildImpb, SANDBOX_TEST_MAILER_ID } from '../sandbox/impb';
import type { LabelRenderInput } from '../sandbox/label-renderer';
import { findSandboxService } from '../sandbox/sandbox-services';

export const address = (overrides: Partial<LabelAddress>): LabelAddress => ({
  name: 'Jane Doe',
  company: null,
  phone: null,
  street1: '350 Fifth Avenue',
  street2: null,
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  ...overrides,
});

export function labelInput(
  overrides: { to?: Partial<LabelAddress>; zip4?: string; serviceUid?: string; serial?: number; package?: Partial<LabelRenderInput['package']> } = {},
): LabelRenderInput {
  const service = findSandboxService(overrides.serviceUid ?? 'usps_priority');
  if (!service) throw new Error('fixture service missing');
  const to = address({ ...overrides.to });
  return {
    service,
    from: address({ name: 'Acme Widgets Fulfillment', street1: '1200 Industrial Parkway', city: 'Columbus', state: 'OH', zip: '43215' }),
    to,
    package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 2.25, description: 'Blue widget', reference1: '2', reference2: 'WID-BLU-001', ...overrides.package },
    impb: buildImpb({
      zip5: to.zip.slice(0, 5),
      zip4: overrides.zip4,
      channel: '92',
      serviceTypeCode: service.serviceTypeCode,
      mailerId: SANDBOX_TEST_MAILER_ID,
      serial: overrides.serial ?? 1234,
    }),
    shipDate: new Date(2025, 5, 3, 12),
  };
}

/**
 * The text runs of a rendered label, one per `TJ` operator, read from its (deflated) content streams: enough for a
 * unit spec to see what was printed without poppler (the int-spec reads it back with pdftotext). pdfkit writes the
 * standard fonts' text as hex strings in WinAnsi, which is Latin-1 for everything the renderer prints.
 */
export function printedTextRuns(pdf: Buffer): string[] {
  const latin = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of latin.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const body = pdf.subarray(start, latin.indexOf('endstream', start));
    const deflated = latin.slice(latin.lastIndexOf('<<', match.index), match.index).includes('/FlateDecode');
    const content = (deflated ? inflateSync(body) : body).toString('latin1');
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '').join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}
