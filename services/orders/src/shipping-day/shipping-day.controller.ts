import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type ParsedRequestOf, type TodayScanFormsResponse } from '@labeldesk/contracts';
import { Allow, CurrentCaller, requireSelfOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ScanFormUseCase } from './scan-form.usecase';

/** SCAN forms of single labels over the transport (a batch's forms and slips are downloads: FilesController). */
@Controller()
export class ShippingDayController {
  constructor(private readonly scanForms: ScanFormUseCase) {}

  @Allow({ selfOrAdmin: 'userId' }, { scope: 'labels:buy' })
  @RpcHandler(OrdersRpc.scanFormsToday)
  async today(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.scanFormsToday) body: ParsedRequestOf<typeof OrdersRpc.scanFormsToday>): Promise<TodayScanFormsResponse> {
    requireSelfOrAdmin(caller, body.userId);
    const forms = await this.scanForms.forToday(caller, body.userId);
    return {
      forms: forms.map((f) => ({
        id: f.id,
        carrier: f.carrier,
        mailingDate: f.mailingDate,
        barcode: f.barcode ?? '',
        sender: { name: f.sender.name, street1: f.sender.street1, city: f.sender.city, state: f.sender.state, zip: f.sender.zip },
        count: f.trackingNumbers.length,
        trackingNumbers: f.trackingNumbers,
        downloadPath: `/api/orders/download/scan-form/${f.id}`,
      })),
    };
  }
}
