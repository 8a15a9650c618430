// Test fixtures for the label renderer's unit and integration specs (not a spec itself).
import type { LabelAddress } from '../carrier.port';
import { buildImpb, SANDBOX_TEST_MAILER_ID } from './impb';
import type { LabelRenderInput } from './label-renderer';
import { findSandboxService } from './sandbox-services';

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
