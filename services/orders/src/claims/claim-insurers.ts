import { Injectable } from '@nestjs/common';
import { CARRIER_PLUGINS } from '../carriers';
import type { ClaimInsurer } from './claim-insurer';
import { SandboxInsurer } from './sandbox-insurer';

/**
 * The insurer of a label, by the carrier that sold it (decision 102): a carrier of sample labels that sells extras (the
 * sandbox) has a simulated one; a carrier that sold no insurance has none, and a claim on its label is refused.
 */
@Injectable()
export class ClaimInsurers {
  private readonly simulated = new SandboxInsurer();

  of(carrier: string): ClaimInsurer | null {
    const plugin = Object.values(CARRIER_PLUGINS).find((known) => known.id === carrier);
    return plugin?.sampleLabels && plugin.capabilities.extraServices ? this.simulated : null;
  }
}
