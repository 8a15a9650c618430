import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PriceTier, type RawService } from '@labeldesk/contracts';
import { ORM } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DefaultServiceEntity, UserServiceEntity } from './service.entities';

/** Default services and users' copies of them. */
@Injectable()
export class ServiceRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  listDefaults(): Promise<DefaultServiceEntity[]> {
    return this.em().find(DefaultServiceEntity, {}, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** New raw services become defaults; defaults the carrier no longer offers are disabled; admins' edits stay. */
  async syncDefaults(raw: RawService[]): Promise<void> {
    await this.em().transactional(async (em) => {
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
    });
  }

  async updateDefault(id: string, change: (service: DefaultServiceEntity) => void): Promise<DefaultServiceEntity> {
    const em = this.em();
    const service = await em.findOne(DefaultServiceEntity, { id });
    if (!service) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
    change(service);
    await em.flush();
    return service;
  }

  listForUser(userId: string): Promise<UserServiceEntity[]> {
    return this.em().find(UserServiceEntity, { userId }, { orderBy: { createdAt: 'asc', uid: 'asc' } });
  }

  /** Copies every default the user does not have yet; running it twice adds nothing. */
  async initializeUser(userId: string, defaults: DefaultServiceEntity[]): Promise<void> {
    const em = this.em();
    const table = `"${this.orm.config.get('schema')}"."user_services"`;
    for (const d of defaults) {
      await em.execute(
        `insert into ${table} ("id", "user_id", "uid", "name", "category", "max_weight", "enabled", "prices") values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)
         on conflict ("user_id", "uid") do nothing`,
        [randomUUID(), userId, d.uid, d.name, d.category, d.maxWeight, true, JSON.stringify(d.prices)],
      );
    }
  }

  async updateUserService(userId: string, id: string, change: (service: UserServiceEntity) => void): Promise<UserServiceEntity> {
    const em = this.em();
    const service = await em.findOne(UserServiceEntity, { id, userId });
    if (!service) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
    change(service);
    await em.flush();
    return service;
  }
}

export type { PriceTier };
