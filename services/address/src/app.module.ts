import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import { AddressRepository } from './addresses/address.repository';
import { AddressesController } from './addresses/addresses.controller';
import { SavedAddressEntity } from './addresses/saved-address.entity';
import type { AddressEnv } from './config/env.schema';
import { CsvMappingEntity } from './csv-mappings/csv-mapping.entity';
import { CsvMappingRepository } from './csv-mappings/csv-mapping.repository';
import { CsvMappingsController } from './csv-mappings/csv-mappings.controller';
import { addressMigrations } from './database/migrations';
import { PackagePresetEntity } from './package-presets/package-preset.entity';
import { PackagePresetRepository } from './package-presets/package-preset.repository';
import { PackagePresetsController } from './package-presets/package-presets.controller';
import { SkuEntity } from './skus/sku.entity';
import { SkuRepository } from './skus/sku.repository';
import { SkusController } from './skus/skus.controller';
import { ImportSkusUseCase } from './skus/usecases/import-skus.usecase';

/** Saved addresses, SKU presets, package presets (saved boxes) and CSV column mappings. */
@Module({})
export class AddressModule {
  static forEnv(env: AddressEnv): DynamicModule {
    return serviceModule(AddressModule, 'address', env, {
      entities: [SavedAddressEntity, SkuEntity, CsvMappingEntity, PackagePresetEntity],
      migrations: addressMigrations,
      controllers: [AddressesController, SkusController, CsvMappingsController, PackagePresetsController],
      providers: [AddressRepository, SkuRepository, ImportSkusUseCase, CsvMappingRepository, PackagePresetRepository],
    });
  }
}
