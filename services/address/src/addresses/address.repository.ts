import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type addressFormSchema } from '@labeldesk/contracts';
import { isUniqueViolation, ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { SavedAddressEntity } from './saved-address.entity';

type AddressInput = z.output<typeof addressFormSchema>;

const DUPLICATE = 'This Address ID already exists';

@Injectable()
export class AddressRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  list(userId: string): Promise<SavedAddressEntity[]> {
    return this.orm.em.fork().find(SavedAddressEntity, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async create(userId: string, input: AddressInput): Promise<SavedAddressEntity> {
    const em = this.orm.em.fork();
    const entity = Object.assign(new SavedAddressEntity(), { id: randomUUID(), userId, ...fields(input) });
    try {
      await em.persistAndFlush(entity);
    } catch (error) {
      if (isUniqueViolation(error, 'addresses_user_address_id_unique')) throw new DomainError(ErrorCode.ADDRESS_DUPLICATE_ID, DUPLICATE);
      throw error;
    }
    return entity;
  }

  async update(userId: string, id: string, input: AddressInput): Promise<SavedAddressEntity> {
    const em = this.orm.em.fork();
    const entity = await em.findOne(SavedAddressEntity, { id, userId });
    if (!entity) throw new DomainError(ErrorCode.NOT_FOUND, 'Address not found');
    Object.assign(entity, fields(input));
    try {
      await em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'addresses_user_address_id_unique')) throw new DomainError(ErrorCode.ADDRESS_DUPLICATE_ID, DUPLICATE);
      throw error;
    }
    return entity;
  }

  async delete(userId: string, id: string): Promise<void> {
    const removed = await this.orm.em.fork().nativeDelete(SavedAddressEntity, { id, userId });
    if (removed === 0) throw new DomainError(ErrorCode.NOT_FOUND, 'Address not found');
  }
}

const fields = (input: AddressInput) => ({
  addressId: input.address_id,
  name: input.name,
  phone: input.phone,
  company: input.company,
  street: input.street,
  street2: input.street2,
  city: input.city,
  state: input.state,
  zip: input.zip,
  country: input.country,
});
