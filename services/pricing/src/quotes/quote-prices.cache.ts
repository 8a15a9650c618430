import { Injectable } from '@nestjs/common';
import type { GroupPrices, PriceTier, PricingMode } from '@labeldesk/contracts';
import { percentOf } from '../shipping-services/cost-markup.policy';
import { ShippingServiceRepository, type CatalogVersions, type QuoteShippingServiceRow } from '../shipping-services/shipping-service.repository';
import { ShippingServiceCatalog } from '../shipping-services/usecases/shipping-service-catalog.usecase';

/** A shipping service a user can buy now, as a quote prices it. */
export interface BuyableShippingService {
  uid: string;
  name: string;
  maxWeight: number;
  prices: PriceTier[];
  /** Tiers, or the carrier's cost + markup (decision 085): then `prices` are kept but not used. */
  pricingMode: PricingMode;
  markupPercent: number;
  markupCents: number;
  /** Weight tiers per country group abroad (decision 116), over the mode for a receiver in a group that has some. */
  groupPrices: GroupPrices;
}

interface Entry {
  versions: string;
  /** Buyable shipping services by lower-cased name; a later shipping service of the same name wins, as it always has. */
  byName: ReadonlyMap<string, BuyableShippingService>;
}

/** Users whose prices are kept; the least recently loaded goes first. A miss only costs one read. */
const MAX_USERS = 10_000;

/**
 * What quotes read (a user's buyable shipping services and their tiers), kept per user and checked against the catalogue's
 * versions on every quote: one small query instead of reading (and building entities for) every shipping service and default.
 * Every write raises a version in its own transaction, on whichever replica made it, so the very next quote anywhere
 * sees an admin's change. The versions are read before the shipping services: a write landing in between can only make an
 * entry newer than its versions say (reloaded on the next quote), never older.
 */
@Injectable()
export class QuotePricesCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly shippingServices: ShippingServiceRepository,
    private readonly catalog: ShippingServiceCatalog,
  ) {}

  async buyableByName(userId: string): Promise<ReadonlyMap<string, BuyableShippingService>> {
    let versions = versionKey(await this.shippingServices.catalogVersions(userId));
    const cached = this.entries.get(userId);
    if (cached?.versions === versions) return cached.byName;
    let rows = await this.shippingServices.quoteShippingServices(userId);
    if (rows.length === 0) {
      // A user without shipping services gets the defaults first (spec: initialize), as every other read of theirs does.
      await this.catalog.initializeUser(userId);
      versions = versionKey(await this.shippingServices.catalogVersions(userId));
      rows = await this.shippingServices.quoteShippingServices(userId);
    }
    const byName = new Map(rows.filter((r) => r.offered && r.enabled).map((r) => [r.name.toLowerCase(), buyable(r)]));
    this.entries.delete(userId);
    // Still none (nothing to copy yet): not kept, so the next quote tries to initialize again.
    if (rows.length === 0) return byName;
    if (this.entries.size >= MAX_USERS) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(userId, { versions, byName });
    return byName;
  }
}

const buyable = (r: QuoteShippingServiceRow): BuyableShippingService => ({
  uid: r.uid,
  name: r.name,
  maxWeight: r.maxWeight,
  prices: r.prices,
  pricingMode: r.pricingMode,
  markupPercent: percentOf(r.markupBasisPoints),
  markupCents: r.markupCents,
  groupPrices: r.groupPrices ?? {},
});

const versionKey = (v: CatalogVersions): string => `${v.defaults}/${v.user}`;
