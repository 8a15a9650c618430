import { LABEL_CARRIER_NAMES } from '@labeldesk/contracts';
import { defineCarrierPlugin, type ClosableCarrier } from '../plugin/carrier-plugin';
import { LabelRenderPool } from './render-pool';
import { SandboxCarrierAdapter, type SandboxCarrierOptions } from './sandbox-carrier.adapter';
import { issuedSerial, serialForKey } from './sandbox-serials';
import { sandboxSettings } from './sandbox.settings';

/** The sandbox carrier rendering on its own LabelRenderPool, whose workers end when the application closes. */
export class PooledSandboxCarrier extends SandboxCarrierAdapter implements ClosableCarrier {
  constructor(
    options: Omit<SandboxCarrierOptions, 'render'>,
    readonly renderPool: LabelRenderPool,
  ) {
    super({ ...options, render: (input) => renderPool.render(input) });
  }

  async close(): Promise<void> {
    await this.renderPool.close();
  }
}

/** Sample USPS, UPS and FedEx labels, simulated rates and costs, manifest, tracking and refunds: the embedded mode's carrier. */
export const sandboxPlugin = defineCarrierPlugin({
  id: 'sandbox',
  displayName: LABEL_CARRIER_NAMES.sandbox,
  sampleLabels: true,
  settings: sandboxSettings,
  requiredSettings: [],
  capabilities: {
    endOfDayForm: 'USPS SCAN Form (PS Form 5630) of its USPS labels, marked SAMPLE; UPS and FedEx labels go with their pickup, on no form',
    tracking: 'poll',
    addressVerification: true,
    refunds: 'USPS: voided at once before the simulated manifest, refunded SANDBOX_REFUND_DAYS after it; UPS and FedEx: voided at once while unscanned, within 90 days of the purchase',
    extraServices: true,
  },
  make: (env, { orm }) =>
    new PooledSandboxCarrier(
      {
        latencyMs: env.SANDBOX_LATENCY_MS,
        failureRate: env.SANDBOX_FAILURE_RATE,
        nextSerial: serialForKey(orm),
        issuedSerial: issuedSerial(orm),
        lifecycle: {
          manifestAfterSeconds: env.SANDBOX_MANIFEST_AFTER_SECONDS ?? null,
          trackingShare: env.SANDBOX_TRACKING_SHARE,
          scanAfterSeconds: env.SANDBOX_SCAN_AFTER_SECONDS,
          refundDays: env.SANDBOX_REFUND_DAYS,
        },
      },
      new LabelRenderPool({ workers: env.RENDER_WORKERS }),
    ),
});
