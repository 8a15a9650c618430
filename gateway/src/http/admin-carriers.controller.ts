import { Controller, Get } from '@nestjs/common';
import { CarrierAlertsRpc, carrierAlertsResponseSchema, type CarrierAlertsResponse } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';

/** What the carriers' state asks of an admin now (no funds upstream, not answering), for the dashboard. */
@Controller('admin/carriers')
export class AdminCarriersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Carriers with standing trouble: no funds left at the upstream (batches pause) or not answering', response: carrierAlertsResponseSchema })
  @Forwards(CarrierAlertsRpc.list)
  @Get('alerts')
  alerts(@Ctx() ctx: CallContext): Promise<CarrierAlertsResponse> {
    return this.rpc.call(CarrierAlertsRpc.list, {}, ctx);
  }
}
