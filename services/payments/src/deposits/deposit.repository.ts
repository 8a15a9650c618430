import { Inject, Injectable } from '@nestjs/common';
import { ORM } from '@labeldesk/nest-orm';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { EntityManager, FilterQuery, MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { depositFilterSchema } from '@labeldesk/contracts';
import { DepositEntity } from './deposit.entity';

type DepositFilter = z.output<typeof depositFilterSchema>;

const OPEN = ['Creating', 'New', 'Processing'] as const;

@Injectable()
export class DepositRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async insert(deposit: DepositEntity): Promise<DepositEntity> {
    await this.orm.em.fork().persistAndFlush(deposit);
    return deposit;
  }

  findById(id: string): Promise<DepositEntity | null> {
    return this.orm.em.fork().findOne(DepositEntity, { id });
  }

  findByInvoiceId(invoiceId: string): Promise<DepositEntity | null> {
    return this.orm.em.fork().findOne(DepositEntity, { invoiceId });
  }

  /** The deposit of that invoice if its owner is in the caller's scope: another user's is not found, as a missing one. */
  findOwnedByInvoiceId(invoiceId: string, scope: OwnerScope): Promise<DepositEntity | null> {
    return this.orm.em.fork().findOne(DepositEntity, { invoiceId, ...ownerFilterOf(scope) });
  }

  /** Changes a deposit inside a transaction someone else owns (the ledger posting it goes with). */
  async updateIn(em: EntityManager, id: string, change: Partial<DepositEntity>): Promise<void> {
    await em.nativeUpdate(DepositEntity, { id }, { ...change, updatedAt: new Date() });
  }

  async update(id: string, change: Partial<DepositEntity>): Promise<DepositEntity> {
    const em = this.orm.em.fork();
    const deposit = await em.findOneOrFail(DepositEntity, { id });
    Object.assign(deposit, change, { updatedAt: new Date() });
    await em.flush();
    return deposit;
  }

  async page(userId: string, filter: DepositFilter, page: number, limit: number): Promise<{ deposits: DepositEntity[]; totalCount: number }> {
    const where: FilterQuery<DepositEntity> = { userId };
    if (filter === 'pending') where.status = { $in: [...OPEN] };
    else if (filter !== 'all') where.status = filter;
    const [deposits, totalCount] = await this.orm.em
      .fork()
      .findAndCount(DepositEntity, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset: (page - 1) * limit });
    return { deposits, totalCount };
  }

  /** Deposits whose invoice may still change and that the reconciler should read again. */
  openSince(since: Date, limit: number): Promise<DepositEntity[]> {
    return this.orm.em.fork().find(DepositEntity, { status: { $in: [...OPEN] }, createdAt: { $gte: since } }, { orderBy: { updatedAt: 'asc' }, limit });
  }
}
