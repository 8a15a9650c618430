import { Inject, Injectable, Optional } from '@nestjs/common';
import { DomainError, ErrorCode, type PriceTier, type RawService } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CatalogVersionsMemory } from './catalog-versions.memory';
import { CoalescedVersionReads, type VersionsByScope } from './coalesced-version-reads';
import { DefaultServiceEntity, UserServiceEntity } from './offering.entities';

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

/** One of a user's services as a quote needs it, read without building entities. */
export interface QuoteServiceRow {
  uid: string;
  name: string;
  maxWeight: number;
  enabled: boolean;
  prices: PriceTier[];
  /** The platform still offers it: its default exists and is enabled. */
  offered: boolean;
}

/**
 * Default services and users' copies of them. Every write raises the version of what it changed in the same
 * transaction (see `catalogVersions`): that is what keeps the quote cache of every replica exact.
 */
@Injectable()
export class ServiceRepository {
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

  /** A user's services with whether each is still offered, oldest first like `listForUser`: one query, no entities. */
  quoteServices(userId: string): Promise<QuoteServiceRow[]> {
    return this.orm.em.getConnection().execute<QuoteServiceRow[]>(
      `select u."uid", u."name", u."max_weight" as "maxWeight", u."enabled", u."prices", coalesce(d."enabled", false) as "offered"
         from ${this.t('user_services')} u left join ${this.t('default_services')} d on d."uid" = u."uid"
        where u."user_id" = ? order by u."created_at" asc, u."uid" asc`,
      [userId],
    );
  }

  listDefaults(): Promise<DefaultServiceEntity[]> {
    return this.em().find(DefaultServiceEntity, {}, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** New raw services become defaults; defaults the carrier no longer offers are disabled; admins' edits stay. */
  async syncDefaults(raw: RawService[]): Promise<void> {
    await this.writing(DEFAULTS_SCOPE, async (em) => {
      const existing = await em.find(DefaultServiceEntity, {});
      const byUid = new Map(existing.map((d) => [d.uid, d]));
      const offered = new Set(raw.map((r) => r.uid));
      for (const service of raw) {
        if (byUid.has(service.uid)) continue;
        const suggested = service.suggestedPrices && service.suggestedPrices.length > 0;
        em.persist(
          Object.assign(new DefaultServiceEntity(), {
            id: randomUUID(),
            uid: service.uid,
            name: service.name,
            category: service.category || 'Other',
            maxWeight: service.maxWeight,
            // Without suggested prices a service would sell at $0: it stays off until an admin prices it.
            enabled: Boolean(suggested),
            prices: suggested ? service.suggestedPrices : [{ fromWeight: 1, toWeight: service.maxWeight, price: 0 }],
          }),
        );
      }
      for (const service of existing) if (!offered.has(service.uid)) service.enabled = false;
      await em.flush();
    });
  }

  updateDefault(id: string, change: (service: DefaultServiceEntity) => void): Promise<DefaultServiceEntity> {
    return this.writing(DEFAULTS_SCOPE, async (em) => {
      const service = await em.findOne(DefaultServiceEntity, { id });
      if (!service) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(service);
      await em.flush();
      return service;
    });
  }

  listForUser(userId: string): Promise<UserServiceEntity[]> {
    return this.em().find(UserServiceEntity, { userId }, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** Copies every default the user does not have yet; running it twice adds nothing. */
  async initializeUser(userId: string, defaults: DefaultServiceEntity[]): Promise<void> {
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

  updateUserService(userId: string, id: string, change: (service: UserServiceEntity) => void): Promise<UserServiceEntity> {
    return this.writing(userId, async (em) => {
      const service = await em.findOne(UserServiceEntity, { id, userId });
      if (!service) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(service);
      await em.flush();
      return service;
    });
  }
}

export type { PriceTier };
