import { Inject, Injectable, Optional } from '@nestjs/common';
import { DomainError, ErrorCode, type PriceTier, type RawService } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CatalogVersionsMemory } from './catalog-versions.memory';
import { CoalescedVersionReads, type VersionsByScope } from './coalesced-version-reads';
import { DefaultOfferingEntity, UserOfferingEntity } from './offering.entities';

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

/** One of a user's offerings as a quote needs it, read without building entities. */
export interface QuoteOfferingRow {
  uid: string;
  name: string;
  maxWeight: number;
  enabled: boolean;
  prices: PriceTier[];
  /** The platform still offers it: its default exists and is enabled. */
  offered: boolean;
}

/**
 * Default offerings and users' copies of them. Every write raises the version of what it changed in the same
 * transaction (see `catalogVersions`): that is what keeps the quote cache of every replica exact.
 */
@Injectable()
export class OfferingRepository {
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
  private async writing<T>(scope: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em().transactional(async (em) => {
        const result = await work(em);
        await this.bumpVersion(em, scope);
        return result;
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

  /** A user's offerings with whether each is still offered, oldest first like `listForUser`: one query, no entities. */
  quoteOfferings(userId: string): Promise<QuoteOfferingRow[]> {
    return this.orm.em.getConnection().execute<QuoteOfferingRow[]>(
      `select u."uid", u."name", u."max_weight" as "maxWeight", u."enabled", u."prices", coalesce(d."enabled", false) as "offered"
         from ${this.t('user_services')} u left join ${this.t('default_services')} d on d."uid" = u."uid"
        where u."user_id" = ? order by u."created_at" asc, u."uid" asc`,
      [userId],
    );
  }

  listDefaults(): Promise<DefaultOfferingEntity[]> {
    return this.em().find(DefaultOfferingEntity, {}, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** New offerings of the carrier become defaults; defaults the carrier no longer offers are disabled; admins' edits stay. */
  async syncDefaults(raw: RawService[]): Promise<void> {
    await this.writing(DEFAULTS_SCOPE, async (em) => {
      const existing = await em.find(DefaultOfferingEntity, {});
      const byUid = new Map(existing.map((d) => [d.uid, d]));
      const offered = new Set(raw.map((r) => r.uid));
      for (const fromCarrier of raw) {
        if (byUid.has(fromCarrier.uid)) continue;
        const suggested = fromCarrier.suggestedPrices && fromCarrier.suggestedPrices.length > 0;
        em.persist(
          Object.assign(new DefaultOfferingEntity(), {
            id: randomUUID(),
            uid: fromCarrier.uid,
            name: fromCarrier.name,
            category: fromCarrier.category || 'Other',
            maxWeight: fromCarrier.maxWeight,
            // Without suggested prices an offering would sell at $0: it stays off until an admin prices it.
            enabled: Boolean(suggested),
            prices: suggested ? fromCarrier.suggestedPrices : [{ fromWeight: 1, toWeight: fromCarrier.maxWeight, price: 0 }],
          }),
        );
      }
      for (const offering of existing) if (!offered.has(offering.uid)) offering.enabled = false;
      await em.flush();
    });
  }

  updateDefault(id: string, change: (offering: DefaultOfferingEntity) => void): Promise<DefaultOfferingEntity> {
    return this.writing(DEFAULTS_SCOPE, async (em) => {
      const offering = await em.findOne(DefaultOfferingEntity, { id });
      if (!offering) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(offering);
      await em.flush();
      return offering;
    });
  }

  listForUser(userId: string): Promise<UserOfferingEntity[]> {
    return this.em().find(UserOfferingEntity, { userId }, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** Copies every default the user does not have yet; running it twice adds nothing. */
  async initializeUser(userId: string, defaults: DefaultOfferingEntity[]): Promise<void> {
    const table = this.t('user_services');
    await this.writing(userId, async (em) => {
      for (const d of defaults) {
        await em.execute(
          `insert into ${table} ("id", "user_id", "uid", "name", "category", "max_weight", "enabled", "prices") values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)
           on conflict ("user_id", "uid") do nothing`,
          [randomUUID(), userId, d.uid, d.name, d.category, d.maxWeight, true, JSON.stringify(d.prices)],
        );
      }
    });
  }

  updateUserOffering(userId: string, id: string, change: (offering: UserOfferingEntity) => void): Promise<UserOfferingEntity> {
    return this.writing(userId, async (em) => {
      const offering = await em.findOne(UserOfferingEntity, { id, userId });
      if (!offering) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(offering);
      await em.flush();
      return offering;
    });
  }
}

export type { PriceTier };
