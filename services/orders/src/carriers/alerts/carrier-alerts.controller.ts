import { Controller, Inject } from '@nestjs/common';
import { CarrierAlertsRpc, type Caller, type CarrierAlertsResponse } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY } from '../carrier.port';
import type { CarrierRegistry } from '../registry/carrier-registry';
import { CarrierAlertsRepository } from './carrier-alerts.repository';

const NAMES: Readonly<Record<string, string>> = { sandbox: 'Sandbox', easypost: 'EasyPost', usps: 'USPS' };

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
        carrierName: this.carriers.get(alert.carrier)?.profile.displayName ?? NAMES[alert.carrier] ?? alert.carrier,
        reason: alert.reason,
        message: alert.message,
        since: alert.since.toISOString(),
        lastSeen: alert.lastSeen.toISOString(),
      })),
    };
  }
}
