import { Controller, Inject } from '@nestjs/common';
import { CarrierAlertsRpc, LABEL_CARRIER_NAMES, type Caller, type CarrierAlertsResponse } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY } from '../carrier.port';
import type { CarrierRegistry } from '../registry/carrier-registry';
import { CarrierAlertsRepository } from './carrier-alerts.repository';

@Controller()
export class CarrierAlertsController {
  constructor(
    private readonly alerts: CarrierAlertsRepository,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistry,
  ) {}

  @RpcHandler(CarrierAlertsRpc.list)
  async list(@CurrentCaller() _caller: Caller): Promise<CarrierAlertsResponse> {
    const alerts = await this.alerts.list();
    return {
      alerts: alerts.map((alert) => ({
        carrier: alert.carrier,
        carrierName: this.carriers.get(alert.carrier)?.profile.displayName ?? LABEL_CARRIER_NAMES[alert.carrier],
        reason: alert.reason,
        message: alert.message,
        since: alert.since.toISOString(),
        lastSeen: alert.lastSeen.toISOString(),
      })),
    };
  }
}
