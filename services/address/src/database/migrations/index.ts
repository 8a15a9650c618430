import type { MigrationObject } from '@mikro-orm/core';
import { Migration001AddressBook } from './migration-001-address-book';

export const addressMigrations: MigrationObject[] = [
  { name: 'Migration001AddressBook', class: Migration001AddressBook },
];
