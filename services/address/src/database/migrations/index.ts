import type { MigrationObject } from '@mikro-orm/core';
import { Migration001AddressBook } from './migration-001-address-book';
import { Migration002SkuUnitWeight } from './migration-002-sku-unit-weight';
import { Migration003CsvMappings } from './migration-003-csv-mappings';
import { Migration004PackagePresets } from './migration-004-package-presets';
import { Migration005SkuCustoms } from './migration-005-sku-customs';
import { Migration006SkuDeclaredValue } from './migration-006-sku-declared-value';

export const addressMigrations: MigrationObject[] = [
  { name: 'Migration001AddressBook', class: Migration001AddressBook },
  { name: 'Migration002SkuUnitWeight', class: Migration002SkuUnitWeight },
  { name: 'Migration003CsvMappings', class: Migration003CsvMappings },
  { name: 'Migration004PackagePresets', class: Migration004PackagePresets },
  { name: 'Migration005SkuCustoms', class: Migration005SkuCustoms },
  { name: 'Migration006SkuDeclaredValue', class: Migration006SkuDeclaredValue },
];
