/**
 * The landing page prerendered at build time (scripts/build.mjs runs this module in Node): its HTML and the CSS
 * Chakra generates for it, so `/` paints with no JavaScript (docs/decisions/021). The parts that change at run
 * time are cut out as fragments the gateway fills in per request (the from-prices, the community link, the year);
 * the few interactive parts are driven by web/public/landing.js over this same markup.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, Menu } from '@chakra-ui/react';
import type { PublicSite } from '@labeldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FromPrices } from '../components/landing/pricing';
import { BRAND, CommunityChatLink } from '../components/landing/site-footer';
import { SectionMenuContent } from '../components/layout/public-top-bar';
import { MoonIcon, SunIcon } from '../components/ui/icons';
import { LandingPage } from '../pages/landing/page';
import { system } from '../theme/system';

/** Placeholders the gateway replaces; chosen so no real text contains them. */
export const PLACEHOLDERS = {
  priceName: 'LDPRICENAME',
  priceMaxWeight: 987654321,
  priceFromCents: 98765432101,
  communityChatUrl: 'https://ld-community-placeholder.invalid/',
} as const;

export interface PrerenderedLanding {
  /** The page inside #root, with `<!--ld:prices-->`, `<!--ld:community-->` and `<!--ld:year-->` markers. */
  html: string;
  css: string;
  title: string;
  fragments: {
    /** The from-prices table with `<!--ld:rows-->` where the rows go. */
    prices: string;
    /** One row with the placeholder name, weight and formatted price. */
    priceRow: string;
    community: string;
    /** The mobile section menu, rendered open, for the script to show under its trigger. */
    menu: string;
    sunIcon: string;
    moonIcon: string;
  };
}

const renderWith = (children: ReactNode, site: PublicSite) => {
  const cache = createCache({ key: 'css' });
  // Compat mode: emotion keeps every rule in the cache instead of writing <style> tags next to the elements.
  cache.compat = true;
  const queryClient = new QueryClient();
  queryClient.setQueryData(['public', 'site'], site);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted).filter((rule): rule is string => typeof rule === 'string');
  return { html, css };
};

const cut = (html: string, fragment: string, marker: string): string => {
  const at = html.indexOf(fragment);
  if (at < 0 || html.indexOf(fragment, at + 1) >= 0) throw new Error(`prerender: the fragment for ${marker} is not found once in the page`);
  return html.slice(0, at) + marker + html.slice(at + fragment.length);
};

const SectionMenu = (): ReactElement => (
  <Menu.Root open>
    <SectionMenuContent />
  </Menu.Root>
);

export const prerenderLanding = (): PrerenderedLanding => {
  const price = { name: PLACEHOLDERS.priceName, maxWeight: PLACEHOLDERS.priceMaxWeight, fromCents: PLACEHOLDERS.priceFromCents };
  const site = { communityChatUrl: PLACEHOLDERS.communityChatUrl, chatWidgetScriptUrl: null, prices: [price] } as PublicSite;
  const page = renderWith(<LandingPage />, site);
  const prices = renderWith(<FromPrices prices={[price] as PublicSite['prices']} />, site);
  const community = renderWith(<CommunityChatLink href={PLACEHOLDERS.communityChatUrl} />, site);
  const menu = renderWith(<SectionMenu />, site);
  const sun = renderWith(<SunIcon />, site);
  const moon = renderWith(<MoonIcon />, site);

  const rowStart = prices.html.lastIndexOf('<tr', prices.html.indexOf(PLACEHOLDERS.priceName));
  const rowEnd = prices.html.indexOf('</tr>', rowStart) + '</tr>'.length;
  const priceRow = prices.html.slice(rowStart, rowEnd);
  const year = String(new Date().getFullYear());
  const copyright = `© ${year} ${BRAND}.`;

  let html = cut(page.html, prices.html, '<!--ld:prices-->');
  html = cut(html, community.html, '<!--ld:community-->');
  html = cut(html, copyright, `© <!--ld:year--> ${BRAND}.`);

  const css = [...new Set([...page.css, ...prices.css, ...community.css, ...menu.css, ...sun.css, ...moon.css])].join('');
  return {
    html,
    css,
    title: 'Prepaid shipping labels · Shipping Labels',
    fragments: {
      prices: prices.html.slice(0, rowStart) + '<!--ld:rows-->' + prices.html.slice(rowEnd),
      priceRow,
      community: community.html,
      menu: menu.html,
      sunIcon: sun.html,
      moonIcon: moon.html,
    },
  };
};
