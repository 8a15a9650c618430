import { Controller, Get, Inject, Logger } from '@nestjs/common';
import { PricingRpc, publicSiteSchema, type PublicSite } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Public } from '../auth/access.decorators';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from '../docs/api-doc.decorator';

/**
 * What the public pages need from the server: the operator's community and chat links (off when unset) and the
 * 'from' prices of the services on sale, so the landing page never advertises a price nobody charges.
 */
@Controller('public')
export class PublicSiteController {
  private readonly logger = new Logger(PublicSiteController.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'COMMUNITY_CHAT_URL' | 'CHAT_WIDGET_SCRIPT_URL'>,
  ) {}

  @ApiDoc({ summary: 'Community link, chat widget and the from-prices of the enabled default services', response: publicSiteSchema })
  @Get('site')
  @Public()
  async site(): Promise<PublicSite> {
    // Prices are a nicety of the landing page: when pricing cannot answer, the page shows no prices, not an error.
    const prices = await this.rpc.call(PricingRpc.publicPrices, {}, { timeoutMs: 2_000 }).then(
      (answer) => answer.services,
      (error: unknown) => {
        this.logger.warn(`public prices unavailable: ${String(error)}`);
        return [];
      },
    );
    return { communityChatUrl: this.env.COMMUNITY_CHAT_URL ?? null, chatWidgetScriptUrl: this.env.CHAT_WIDGET_SCRIPT_URL ?? null, prices };
  }
}
