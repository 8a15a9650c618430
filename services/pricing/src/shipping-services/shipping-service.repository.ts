import { Inject, Injectable, Optional } from '@nestjs/common';
import { DomainError, ErrorCode, type GroupPrices, type PriceTier, type PricingMode, type RawService } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CatalogVersionsMemory } from './catalog-versions.memory';
import { CoalescedVersionReads, type VersionsByScope } from './coalesced-version-reads';
import { basisPointsOf } from './cost-markup.policy';
import { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-service.entities';

/**
 * True when nothing but this process can write pricing's database: the embedded database this process serves itself
 * (`isServedByThisProcess`, decision 040). Derived from that fact at start, never read from a setting.
 */
export const SOLE_WRITER = Symbol('SOLE_WRITER');

/** The catalogue's version for the defaults; a user's copies are versioned under the user's id. */
export const DEFAULTS_SCOPE = 'defaults';

/** The versions a quote's prices depend on; a scope never written is version 0. */
export interface CatalogVersions {
  defaults: number;
  user: number;
}

/** One of a user's shipping services as a quote needs it, read without building entities. */
export interface QuoteShippingServiceRow {
  uid: string;
  name: string;
  maxWeight: number;
  enabled: boolean;
  prices: PriceTier[];
  pricingMode: PricingMode;
  markupBasisPoints: number;
  markupCents: number;
  /** Weight tiers per country group abroad (decision 116). */
  groupPrices: GroupPrices;
  /** The platform still offers it: its default exists and is enabled. */
  offered: boolean;
}

/**
 * Default shipping services and users' copies of them. Every write raises the version of what it changed in the same
 * transaction (see `catalogVersions`): that is what keeps the quote cache of every replica exact.
 */
@Injectable()
export class ShippingServiceRepository {
  /** Quotes' reads of the versions, many quotes to a statement under load. */
  private readonly versionReads: CoalescedVersionReads;

  /** Versions kept in memory when this process is the database's only writer; null: read them every time. */
  private readonly memory: CatalogVersionsMemory | null;

  constructor(@Inject(ORM) private readonly orm: MikroORM, @Optional() @Inject(SOLE_WRITER) soleWriter?: boolean) {
    const memory = soleWriter ? new CatalogVersionsMemory() : null;
    this.memory = memory;
    this.versionReads = new CoalescedVersionReads(
      (scopes) => this.readVersions(scopes),
      () => {
        const started = memory?.readStarted() ?? 0;
        return (scopes, versions) => memory?.keep(started, scopes, versions);
      },
    );
  }

  /** Runs a write in one transaction that raises `scope`'s version, then lets the kept versions go. */
  /**
   * The version is raised first: that row's lock makes writers of one scope take turns, and each statement after it
   * sees what the writer before committed. Two first requests of a fresh install both syncing the defaults would
   * otherwise both find none and both insert them (a unique violation, a 500 to one of them).
   */
  private async writing<T>(scope: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em().transactional(async (em) => {
        await this.bumpVersion(em, scope);
        return work(em);
      });
    } finally {
      this.memory?.forget(scope);
    }
  }

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  private async bumpVersion(em: EntityManager, scope: string): Promise<void> {
    await em.execute(
      `insert into ${this.t('catalog_versions')} ("scope", "version") values (?, 1)
       on conflict ("scope") do update set "version" = ${this.t('catalog_versions')}."version" + 1`,
      [scope],
    );
  }

  /** The versions of the defaults and of one user's copies, from a read that begins after this call. */
  async catalogVersions(userId: string): Promise<CatalogVersions> {
    const kept = this.memory?.get(DEFAULTS_SCOPE, userId);
    if (kept) return kept;
    const versions = await this.versionReads.versionsOf([DEFAULTS_SCOPE, userId]);
    return { defaults: versions.get(DEFAULTS_SCOPE) ?? 0, user: versions.get(userId) ?? 0 };
  }

  private async readVersions(scopes: string[]): Promise<VersionsByScope> {
    const rows = await this.orm.em
      .getConnection()
      .execute<Array<{ scope: string; version: string | number }>>(`select "scope", "version" from ${this.t('catalog_versions')} where "scope" in (${scopes.map(() => '?').join(', ')})`, scopes);
    return new Map(rows.map((r) => [r.scope, Number(r.version)]));
  }

  /** A user's shipping services with whether each is still offered, oldest first like `listForUser`: one query, no entities. */
  quoteShippingServices(userId: string): Promise<QuoteShippingServiceRow[]> {
    return this.orm.em.getConnection().execute<QuoteShippingServiceRow[]>(
      `select u."uid", u."name", u."max_weight" as "maxWeight", u."enabled", u."prices",
              u."pricing_mode" as "pricingMode", u."markup_basis_points" as "markupBasisPoints", u."markup_cents" as "markupCents",
              u."group_prices" as "groupPrices",
              coalesce(d."enabled", false) as "offered"
         from ${this.t('user_services')} u left join ${this.t('default_services')} d on d."uid" = u."uid"
        where u."user_id" = ? order by u."created_at" asc, u."uid" asc`,
      [userId],
    );
  }

  listDefaults(): Promise<DefaultShippingServiceEntity[]> {
    return this.em().find(DefaultShippingServiceEntity, {}, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** New shipping services of the carrier become defaults; defaults the carrier no longer offers are disabled; admins' edits stay. */
  async syncDefaults(raw: RawService[]): Promise<void> {
    await this.writing(DEFAULTS_SCOPE, async (em) => {
      const existing = await em.find(DefaultShippingServiceEntity, {});
      const byUid = new Map(existing.map((d) => [d.uid, d]));
      const offered = new Set(raw.map((r) => r.uid));
      for (const fromCarrier of raw) {
        if (byUid.has(fromCarrier.uid)) continue;
        const suggested = fromCarrier.suggestedPrices && fromCarrier.suggestedPrices.length > 0;
        const markup = fromCarrier.suggestedMarkup;
        em.persist(
          Object.assign(new DefaultShippingServiceEntity(), {
            id: randomUUID(),
            uid: fromCarrier.uid,
            name: fromCarrier.name,
            category: fromCarrier.category || 'Other',
            maxWeight: fromCarrier.maxWeight,
            // Without suggested prices a shipping service would sell at $0: it stays off until an admin prices it. A
            // suggested markup (decision 098: the sandbox abroad) prices it at the carrier's cost plus that, never under it.
            enabled: Boolean(suggested) || markup !== undefined,
            prices: suggested ? fromCarrier.suggestedPrices : [{ fromWeight: 1, toWeight: fromCarrier.maxWeight, price: 0 }],
            ...(markup ? { pricingMode: 'cost_markup' as const, markupBasisPoints: basisPointsOf(markup.markupPercent), markupCents: markup.markupCents } : {}),
          }),
        );
      }
      for (const shippingService of existing) if (!offered.has(shippingService.uid)) shippingService.enabled = false;
      await em.flush();
    });
  }

  updateDefault(id: string, change: (shippingService: DefaultShippingServiceEntity) => void): Promise<DefaultShippingServiceEntity> {
    return this.writing(DEFAULTS_SCOPE, async (em) => {
      const shippingService = await em.findOne(DefaultShippingServiceEntity, { id });
      if (!shippingService) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(shippingService);
      await em.flush();
      return shippingService;
    });
  }

  listForUser(userId: string): Promise<UserShippingServiceEntity[]> {
    return this.em().find(UserShippingServiceEntity, { userId }, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** Copies every default the user does not have yet, with its tiers (its groups' too), pricing mode and markup; running it twice adds nothing. */
  async initializeUser(userId: string, defaults: DefaultShippingServiceEntity[]): Promise<void> {
    const table = this.t('user_services');
    await this.writing(userId, async (em) => {
      for (const d of defaults) {
        await em.execute(
          `insert into ${table} ("id", "user_id", "uid", "name", "category", "max_weight", "enabled", "prices", "pricing_mode", "markup_basis_points", "markup_cents", "group_prices")
           values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb)
           on conflict ("user_id", "uid") do nothing`,
          [randomUUID(), userId, d.uid, d.name, d.category, d.maxWeight, true, JSON.stringify(d.prices), d.pricingMode, d.markupBasisPoints, d.markupCents, JSON.stringify(d.groupPrices ?? {})],
        );
      }
    });
  }

  updateUserShippingService(userId: string, id: string, change: (shippingService: UserShippingServiceEntity) => void): Promise<UserShippingServiceEntity> {
    return this.writing(userId, async (em) => {
      const shippingService = await em.findOne(UserShippingServiceEntity, { id, userId });
      if (!shippingService) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(shippingService);
      await em.flush();
      return shippingService;
    });
  }
}

export type { PriceTier };
