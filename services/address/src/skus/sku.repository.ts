import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type SkuUpdate, type skuFormSchema } from '@labeldesk/contracts';
import { isUniqueViolation, ORM } from '@labeldesk/nest-orm';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { SkuEntity } from './sku.entity';
import { toSkuColumns } from './sku.mapper';

export type SkuInput = z.output<typeof skuFormSchema>;

/** The one answer for a SKU that does not exist and for another user's. */
export const SKU_NOT_FOUND = 'SKU not found';

@Injectable()
export class SkuRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  list(userId: string): Promise<SkuEntity[]> {
    return this.orm.em.fork().find(SkuEntity, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async existingSkus(userId: string, skus: string[]): Promise<Set<string>> {
    if (skus.length === 0) return new Set();
    const found = await this.orm.em.fork().find(SkuEntity, { userId, sku: { $in: skus } }, { fields: ['sku'] });
    return new Set(found.map((s) => s.sku));
  }

  /** All rows in one transaction: an upload is saved whole or not at all. */
  async insertAll(userId: string, inputs: SkuInput[]): Promise<SkuEntity[]> {
    const entities = inputs.map((input) => Object.assign(new SkuEntity(), { id: randomUUID(), userId, ...toSkuColumns(input) }));
    try {
      await this.orm.em.fork().transactional(async (em) => {
        for (const entity of entities) em.persist(entity);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'skus_user_sku_unique')) throw new DomainError(ErrorCode.ADDRESS_DUPLICATE_SKU, 'This SKU already exists');
      throw error;
    }
    return entities;
  }

  async update(userId: string, id: string, input: SkuUpdate): Promise<SkuEntity> {
    const em = this.orm.em.fork();
    const entity = await em.findOne(SkuEntity, { id, userId });
    if (!entity) throw new DomainError(ErrorCode.NOT_FOUND, SKU_NOT_FOUND);
    Object.assign(
      entity,
      toSkuColumns({
        ...input,
        packagingWeight: input.packagingWeight ?? entity.packagingWeight,
        hsTariffNumber: input.hsTariffNumber === undefined ? entity.hsTariffNumber : input.hsTariffNumber,
        originCountry: input.originCountry === undefined ? entity.originCountry : input.originCountry,
        valueCents: input.valueCents === undefined ? entity.valueCents : input.valueCents,
        declaredValueCents: input.declaredValueCents === undefined ? entity.declaredValueCents : input.declaredValueCents,
      }),
    );
    try {
      await em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'skus_user_sku_unique')) throw new DomainError(ErrorCode.ADDRESS_DUPLICATE_SKU, 'This SKU already exists');
      throw error;
    }
    return entity;
  }

  /** The SKU of that id if its owner is in the caller's scope: another user's is not found, as a missing one. */
  findOwned(id: string, scope: OwnerScope): Promise<SkuEntity | null> {
    return this.orm.em.fork().findOne(SkuEntity, { id, ...ownerFilterOf(scope) });
  }

  async delete(id: string): Promise<void> {
    await this.orm.em.fork().nativeDelete(SkuEntity, { id });
  }
}
