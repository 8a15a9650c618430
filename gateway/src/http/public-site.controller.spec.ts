import { PricingRpc, type PublicSite } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { fillLandingPage, LANDING_SITE_TTL_MS, PublicSiteController, type LandingTemplate } from './public-site.controller';

const template: LandingTemplate = {
  html: '<head><!--ld:chat--></head><main><!--ld:prices--></main><footer>© <!--ld:year--> LabelDesk.<!--ld:community--></footer>',
  prices: '<table><tbody><!--ld:rows--></tbody></table>',
  priceRow: '<tr><td>NAME</td><td>987<!-- --> lb</td><td>$9,876.54</td></tr>',
  community: '<a href="https://placeholder.invalid/">Join our community chat</a>',
  placeholders: { priceName: 'NAME', priceMaxWeight: '987', priceFrom: '$9,876.54', communityChatUrl: 'https://placeholder.invalid/' },
};

const site = (overrides: Partial<PublicSite> = {}): PublicSite => ({ communityChatUrl: null, chatWidgetScriptUrl: null, prices: [], ...overrides });

describe('fillLandingPage', () => {
  it('leaves out the prices, the community link and the chat widget when there are none, and sets the year', () => {
    expect(fillLandingPage(template, site(), 2031)).toBe('<head></head><main></main><footer>© 2031 LabelDesk.</footer>');
  });

  it('writes one row per price, formatted as the app formats cents, with the names escaped', () => {
    const html = fillLandingPage(
      template,
      site({ prices: [{ name: 'Ground <Advantage> & $&', maxWeight: 70, fromCents: 575 }, { name: 'Priority', maxWeight: 20, fromCents: 123456 }] }),
      2031,
    );
    expect(html).toContain(
      '<table><tbody><tr><td>Ground &lt;Advantage&gt; &amp; $&amp;</td><td>70<!-- --> lb</td><td>$5.75</td></tr>' +
        '<tr><td>Priority</td><td>20<!-- --> lb</td><td>$1,234.56</td></tr></tbody></table>',
    );
  });

  it('links the operator community chat and names the chat widget script, escaped', () => {
    const html = fillLandingPage(template, site({ communityChatUrl: 'https://chat.example.com/?a=1&b="2"', chatWidgetScriptUrl: 'https://w.example.com/w.js' }), 2031);
    expect(html).toContain('<a href="https://chat.example.com/?a=1&amp;b=&quot;2&quot;">Join our community chat</a>');
    expect(html).toContain('<meta name="ld-chat-widget" content="https://w.example.com/w.js">');
  });
});

describe('PublicSiteController', () => {
  /** The controller with a pricing service that counts its calls and answers one price. */
  const withPricing = () => {
    const subjects: string[] = [];
    const rpc = {
      call: async (contract: { subject: string }) => {
        subjects.push(contract.subject);
        return { services: [{ name: 'Ground', maxWeight: 70, fromCents: 575 }] };
      },
    } as unknown as RpcClient;
    return { controller: new PublicSiteController(rpc, { COMMUNITY_CHAT_URL: undefined, CHAT_WIDGET_SCRIPT_URL: undefined }), subjects };
  };

  it('answers GET /api/public/site from the answer the landing page keeps: 50 requests make one pricing call', async () => {
    const { controller, subjects } = withPricing();
    const answers = await Promise.all(Array.from({ length: 50 }, () => controller.site()));
    expect(answers.every((answer) => answer.prices[0]?.fromCents === 575)).toBe(true);
    expect(await controller.recentSite()).toBe(answers[0]);
    expect(subjects).toEqual([PricingRpc.publicPrices.subject]);
  });

  it('asks pricing again once the kept answer is older than its time', async () => {
    const { controller, subjects } = withPricing();
    const start = Date.now();
    await controller.recentSite(start);
    await controller.recentSite(start + LANDING_SITE_TTL_MS);
    expect(subjects).toHaveLength(1);
    await controller.recentSite(start + LANDING_SITE_TTL_MS + 1);
    expect(subjects).toHaveLength(2);
  });
});
