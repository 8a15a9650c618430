import type { MigrationObject } from '@mikro-orm/core';

/** Ordered list of this service's migrations, applied at start in its own schema. */
export const ordersMigrations: MigrationObject[] = [];
