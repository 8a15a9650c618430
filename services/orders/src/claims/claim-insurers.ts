import { Inject, Injectable } from '@nestjs/common';
import type { LabelCarrier } from '@labeldesk/contracts';
import { CARRIER_PLUGINS, CARRIER_SETTINGS, carrierClaimDesks, type OrdersEnvWithCarriers } from '../carriers';
import type { ClaimInsurer } from './claim-insurer';
import { SandboxInsurer } from './sandbox-insurer';

/**
 * The insurer of a label, by the carrier that sold it (decisions 102 and 112): a carrier of sample labels that sells
 * extras (the sandbox) has a simulated one; a carrier with a claims desk (EasyPost's Claims API) files and decides
 * there; a carrier that sold no insurance has none, and a claim on its label is refused.
 */
@Injectable()
export class ClaimInsurers {
  /** The simulated insurer: every test label's (decision 124), whatever carriers sell live labels. */
  readonly simulated: ClaimInsurer = new SandboxInsurer();
  private readonly desks: ReadonlyMap<LabelCarrier, ClaimInsurer>;

  constructor(@Inject(CARRIER_SETTINGS) env: OrdersEnvWithCarriers) {
    this.desks = carrierClaimDesks(env);
  }

  of(carrier: string): ClaimInsurer | null {
    const desk = this.desks.get(carrier as LabelCarrier);
    if (desk) return desk;
    const plugin = Object.values(CARRIER_PLUGINS).find((known) => known.id === carrier);
    return plugin?.sampleLabels && plugin.capabilities.extraServices ? this.simulated : null;
  }
}
