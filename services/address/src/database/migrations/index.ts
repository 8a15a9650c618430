import type { MigrationObject } from '@mikro-orm/core';
import { Migration001AddressBook } from './migration-001-address-book';
import { Migration002SkuUnitWeight } from './migration-002-sku-unit-weight';

export const addressMigrations: MigrationObject[] = [
  { name: 'Migration001AddressBook', class: Migration001AddressBook },
  { name: 'Migration002SkuUnitWeight', class: Migration002SkuUnitWeight },
];
