import type { PriceTier } from '@labeldesk/contracts';
import type { CatalogVersions, ShippingServiceRepository, QuoteShippingServiceRow } from '../shipping-services/shipping-service.repository';
import type { ShippingServiceCatalog } from '../shipping-services/usecases/shipping-service-catalog.usecase';
import { QuotePricesCache } from './quote-prices.cache';
import { QuoteUseCase } from './quote.usecase';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const OTHER = '00000000-0000-4000-8000-000000000000';
const flat = (price: number): PriceTier[] => [{ fromWeight: 1, toWeight: 70, price }];
const priorityRow = (price: number): QuoteShippingServiceRow => ({
  uid: 'usps_priority', name: 'USPS Priority Mail', maxWeight: 70, enabled: true, prices: flat(price), pricingMode: 'tiers', markupBasisPoints: 0, markupCents: 0, groupPrices: {}, offered: true,
});

/**
 * The pricing tables as the repository sees them, shared by every replica: each write changes rows and raises its
 * scope's version in one step, as ShippingServiceRepository does in one transaction.
 */
class FakeCatalogDb {
  readonly versions = new Map<string, number>();
  readonly rows = new Map<string, QuoteShippingServiceRow[]>([
    [USER, [priorityRow(900)]],
    [OTHER, [priorityRow(900)]],
  ]);
  /** Runs once, between a reader's version read and its shipping services read (a write landing at that moment). */
  betweenReads: (() => void) | null = null;
  readonly repository = {
    catalogVersions: jest.fn(async (userId: string): Promise<CatalogVersions> => ({ defaults: this.versions.get('defaults') ?? 0, user: this.versions.get(userId) ?? 0 })),
    quoteShippingServices: jest.fn(async (userId: string): Promise<QuoteShippingServiceRow[]> => {
      const write = this.betweenReads;
      this.betweenReads = null;
      write?.();
      return structuredClone(this.rows.get(userId) ?? []);
    }),
  };

  setUserPrices(userId: string, price: number): void {
    for (const row of this.rows.get(userId) ?? []) row.prices = flat(price);
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
  }

  setUserCostMarkup(userId: string, markupBasisPoints: number, markupCents: number): void {
    for (const row of this.rows.get(userId) ?? []) Object.assign(row, { pricingMode: 'cost_markup', markupBasisPoints, markupCents });
    this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
  }

  disableDefault(uid: string): void {
    for (const rows of this.rows.values()) for (const row of rows) if (row.uid === uid) row.offered = false;
    this.versions.set('defaults', (this.versions.get('defaults') ?? 0) + 1);
  }

  replica() {
    const catalog = { initializeUser: jest.fn(async () => []) };
    const cache = new QuotePricesCache(this.repository as unknown as ShippingServiceRepository, catalog as unknown as ShippingServiceCatalog);
    const useCase = new QuoteUseCase(cache);
    return {
      catalog,
      quote: async (userId = USER, costCents?: number) => (await useCase.execute({ userId, items: [{ serviceName: 'usps priority mail', weightLb: 2, costCents }] })).totalCents,
    };
  }
}

describe('QuotePricesCache', () => {
  it("reads a user's shipping services once while nothing changes, checking the versions on every quote", async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    expect([await quote(), await quote(), await quote()]).toEqual([900, 900, 900]);
    expect(db.repository.quoteShippingServices).toHaveBeenCalledTimes(1);
    expect(db.repository.catalogVersions).toHaveBeenCalledTimes(3);
  });

  it("applies an admin's price change to the very next quote", async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    expect(await quote()).toBe(900);
    db.setUserPrices(USER, 123);
    expect(await quote()).toBe(123);
  });

  it("applies an admin's switch to cost + markup to the very next quote, which then prices from the cost", async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    expect(await quote(USER, 700)).toBe(900);
    db.setUserCostMarkup(USER, 1_000, 50);
    expect(await quote(USER, 700)).toBe(820);
  });

  it('applies a change made through another replica to the next quote on this one', async () => {
    const db = new FakeCatalogDb();
    const here = db.replica();
    const there = db.replica();
    expect([await here.quote(), await there.quote()]).toEqual([900, 900]);
    db.setUserPrices(USER, 456); // written by `there`'s process: `here` is told nothing
    expect(await here.quote()).toBe(456);
  });

  it('refuses a shipping service the platform stopped offering from the next quote on', async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    expect(await quote()).toBe(900);
    db.disableDefault('usps_priority');
    await expect(quote()).rejects.toMatchObject({ code: 'PRICING_SERVICE_UNAVAILABLE' });
  });

  it('never keeps prices older than the versions they are kept under, even when a write lands mid-read', async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    db.betweenReads = () => db.setUserPrices(USER, 500);
    expect(await quote()).toBe(500);
    db.setUserPrices(USER, 600);
    expect(await quote()).toBe(600);
    expect(await quote()).toBe(600);
  });

  it("keeps one user's change from touching another user's prices", async () => {
    const db = new FakeCatalogDb();
    const { quote } = db.replica();
    expect([await quote(USER), await quote(OTHER)]).toEqual([900, 900]);
    db.setUserPrices(USER, 111);
    expect([await quote(USER), await quote(OTHER)]).toEqual([111, 900]);
    expect(db.repository.quoteShippingServices).toHaveBeenCalledTimes(3);
  });

  it('gives a user without shipping services the defaults first, and keeps nothing while there is nothing to copy', async () => {
    const db = new FakeCatalogDb();
    db.rows.delete(USER);
    const { quote, catalog } = db.replica();
    catalog.initializeUser.mockImplementationOnce(async () => {
      db.rows.set(USER, [priorityRow(700)]);
      db.versions.set(USER, 1);
      return [];
    });
    expect(await quote()).toBe(700);
    expect(catalog.initializeUser).toHaveBeenCalledWith(USER);

    db.rows.delete(OTHER);
    await expect(quote(OTHER)).rejects.toMatchObject({ code: 'PRICING_SERVICE_UNAVAILABLE' });
    await expect(quote(OTHER)).rejects.toMatchObject({ code: 'PRICING_SERVICE_UNAVAILABLE' });
    expect(catalog.initializeUser).toHaveBeenCalledTimes(3);
  });
});
