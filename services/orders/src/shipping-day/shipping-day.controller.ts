import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type ParsedRequestOf, type TodayFormLabelsResponse, type TodayScanFormsResponse } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import type { LabelAddress } from '../carriers';
import { exclusionOf } from './scan-form-plan';
import { ScanFormUseCase } from './scan-form.usecase';
import type { ScanFormRecord } from './scan-forms.repository';

/** The sender as a form summary and today's label list show it. */
const senderSummary = ({ name, street1, city, state, zip }: LabelAddress) => ({ name, street1, city, state, zip });

/** A form as its seller reads it: a made one downloads at its path, one the carrier has not confirmed has no file. */
export const summaryOf = (forms: readonly ScanFormRecord[]): TodayScanFormsResponse => ({
  forms: forms.map((f) => {
    // The use case answers made and unconfirmed forms only; a pending one (still being asked) has no file either.
    const made = f.state === 'created';
    return {
      id: f.id,
      carrier: f.carrier,
      state: made ? 'created' : 'unconfirmed',
      mailingDate: f.mailingDate,
      barcode: f.barcode ?? '',
      sender: senderSummary(f.sender),
      count: f.trackingNumbers.length,
      trackingNumbers: f.trackingNumbers,
      downloadPath: made ? `/api/orders/download/scan-form/${f.id}` : null,
    };
  }),
});

/** SCAN forms of single labels over the transport (a batch's forms and slips are downloads: FilesController). */
@Controller()
export class ShippingDayController {
  constructor(private readonly scanForms: ScanFormUseCase) {}

  @RpcHandler(OrdersRpc.scanFormsToday)
  async today(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.scanFormsToday) body: ParsedRequestOf<typeof OrdersRpc.scanFormsToday>): Promise<TodayScanFormsResponse> {
    return summaryOf(await this.scanForms.forToday(body.userId));
  }

  @RpcHandler(OrdersRpc.scanFormsChosen)
  async chosen(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.scanFormsChosen) body: ParsedRequestOf<typeof OrdersRpc.scanFormsChosen>): Promise<TodayScanFormsResponse> {
    return summaryOf(await this.scanForms.forChosen(body.userId, body.orderIds));
  }

  @RpcHandler(OrdersRpc.scanFormsTodayLabels)
  async todayLabels(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.scanFormsTodayLabels) body: ParsedRequestOf<typeof OrdersRpc.scanFormsTodayLabels>): Promise<TodayFormLabelsResponse> {
    const [{ mailingDate, labels }, noFormNeeded] = await Promise.all([this.scanForms.todayLabels(body.userId), this.scanForms.todayWithoutForm(body.userId)]);
    return {
      mailingDate,
      ...(noFormNeeded ? { noFormNeeded } : {}),
      labels: labels.map((label) => {
        const excluded = exclusionOf(label);
        return {
          orderId: label.labelId,
          trackingNumber: label.trackingNumber,
          carrier: label.carrier,
          receiverName: label.receiverName,
          sender: senderSummary(label.sender),
          purchasedAt: label.purchasedAt.toISOString(),
          state: excluded ?? 'available',
        };
      }),
    };
  }
}
