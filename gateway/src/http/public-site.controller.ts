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
  site(): Promise<PublicSite> {
    // Anyone may ask, as often as they like: each answer is the kept one, so a flood costs no pricing call.
    return this.recentSite();
  }

  private async freshSite(): Promise<PublicSite> {
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

  private recent: { at: number; site: Promise<PublicSite> } | null = null;

  /**
   * The answer for GET /api/public/site and the prerendered landing page (docs/decisions/021), kept for a short while:
   * every visit to `/` needs it before its first byte, and the prices change when an admin edits a service, rarely.
   */
  recentSite(now = Date.now()): Promise<PublicSite> {
    if (!this.recent || now - this.recent.at > LANDING_SITE_TTL_MS) {
      const recent = { at: now, site: this.freshSite() };
      // A failure is not kept: the next visit asks again.
      recent.site.catch(() => this.recent === recent && (this.recent = null));
      this.recent = recent;
    }
    return this.recent.site;
  }
}

export const LANDING_SITE_TTL_MS = 30_000;

/** What scripts/build.mjs writes next to the prerendered landing page (web/dist/landing.json). */
export interface LandingTemplate {
  /** The whole document, with `<!--ld:prices-->`, `<!--ld:community-->`, `<!--ld:year-->` and `<!--ld:chat-->` markers. */
  html: string;
  /** The from-prices table, its rows at `<!--ld:rows-->`. */
  prices: string;
  /** One row; its placeholders are in `placeholders`. */
  priceRow: string;
  /** The community link, its address the placeholder. */
  community: string;
  placeholders: { priceName: string; priceMaxWeight: string; priceFrom: string; communityChatUrl: string };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The prerendered landing page with this moment's prices, links and year, as the app would render them. */
export const fillLandingPage = (template: LandingTemplate, site: PublicSite, year = new Date().getFullYear()): string => {
  const { placeholders } = template;
  const rows = site.prices
    .map((price) =>
      template.priceRow
        // Replacer functions: a `$` in a name is text, not a replacement pattern.
        .replace(placeholders.priceName, () => escapeHtml(price.name))
        .replace(placeholders.priceMaxWeight, () => escapeHtml(String(price.maxWeight)))
        .replace(placeholders.priceFrom, () => escapeHtml(usd.format(price.fromCents / 100))),
    )
    .join('');
  const prices = rows ? template.prices.replace('<!--ld:rows-->', () => rows) : '';
  const community = site.communityChatUrl ? template.community.replace(placeholders.communityChatUrl, () => escapeHtml(site.communityChatUrl ?? '')) : '';
  const chat = site.chatWidgetScriptUrl ? `<meta name="ld-chat-widget" content="${escapeHtml(site.chatWidgetScriptUrl)}">` : '';
  return template.html
    .replace('<!--ld:prices-->', () => prices)
    .replace('<!--ld:community-->', () => community)
    .replace('<!--ld:year-->', String(year))
    .replace('<!--ld:chat-->', () => chat);
};
