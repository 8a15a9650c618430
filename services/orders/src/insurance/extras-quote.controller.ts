import { Controller, Inject } from '@nestjs/common';
import { ClaimsRpc, DomainError, ErrorCode, modeOf, PricingRpc, type Caller, type ExtraServicesQuote, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcClient, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { extrasTotalCents, insuringCarriers, priceExtras } from './extra-services-pricing';

/**
 * What insurance and a signature add to a label of one of the caller's services, shown before buying: the same
 * rules and fees `POST /api/orders/v2` charges (decision 102), or the same refusal. A test key's quote is the
 * sandbox's, as its label's extras are priced (decisions 119 and 127).
 */
@Controller()
export class ExtrasQuoteController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'CARRIERS'>,
  ) {}

  @RpcHandler(ClaimsRpc.quoteExtras)
  async quote(@CurrentCaller() caller: Caller, @RpcPayload(ClaimsRpc.quoteExtras) body: ParsedRequestOf<typeof ClaimsRpc.quoteExtras>): Promise<ExtraServicesQuote> {
    const { services } = await this.rpc.call(PricingRpc.availableServices, { userId: caller.userId }, { asService: true });
    // The later of two alike, as a label of this name is priced (LabelPricer).
    const service = services.findLast((s) => s.name.toLowerCase() === body.service_name.toLowerCase());
    if (!service) throw new DomainError(ErrorCode.VALIDATION_FAILED, `${body.service_name} is not one of your services`, [{ path: 'service_name', message: `${body.service_name} is not one of your services` }]);
    const extras = priceExtras(service.uid, service.name, body, insuringCarriers(modeOf(caller), this.env.CARRIERS));
    return { insuranceCents: extras.insuranceCents, signatureCents: extras.signatureCents, totalCents: extrasTotalCents(extras) };
  }
}
