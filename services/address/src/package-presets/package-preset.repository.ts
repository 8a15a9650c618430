import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, PACKAGE_PRESET_LIMITS, type PackagePresetInput } from '@labeldesk/contracts';
import { isUniqueViolation, ORM } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { PackagePresetEntity } from './package-preset.entity';

/** The one answer for a preset that does not exist and for another user's. */
export const PACKAGE_PRESET_NOT_FOUND = 'Package not found';

const duplicateName = (name: string) => new DomainError(ErrorCode.CONFLICT, `A package named "${name}" already exists`);

@Injectable()
export class PackagePresetRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  list(userId: string): Promise<PackagePresetEntity[]> {
    return this.orm.em.fork().find(PackagePresetEntity, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async create(userId: string, input: PackagePresetInput): Promise<PackagePresetEntity> {
    const em = this.orm.em.fork();
    if ((await em.count(PackagePresetEntity, { userId })) >= PACKAGE_PRESET_LIMITS.maxPresets) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `At most ${PACKAGE_PRESET_LIMITS.maxPresets} packages can be saved; delete one you no longer use`);
    }
    const entity = Object.assign(new PackagePresetEntity(), { id: randomUUID(), userId, ...input });
    em.persist(entity);
    await this.flush(em, input.name);
    return entity;
  }

  async update(userId: string, id: string, input: PackagePresetInput): Promise<PackagePresetEntity> {
    const em = this.orm.em.fork();
    const entity = await em.findOne(PackagePresetEntity, { id, userId });
    if (!entity) throw new DomainError(ErrorCode.NOT_FOUND, PACKAGE_PRESET_NOT_FOUND);
    Object.assign(entity, input);
    await this.flush(em, input.name);
    return entity;
  }

  async delete(userId: string, id: string): Promise<void> {
    const deleted = await this.orm.em.fork().nativeDelete(PackagePresetEntity, { id, userId });
    if (deleted === 0) throw new DomainError(ErrorCode.NOT_FOUND, PACKAGE_PRESET_NOT_FOUND);
  }

  private async flush(em: EntityManager, name: string): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (isUniqueViolation(error, 'package_presets_user_name_unique')) throw duplicateName(name);
      throw error;
    }
  }
}
