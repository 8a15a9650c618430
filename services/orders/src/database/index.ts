/** Migrations and SQL helpers every repository shares. */
export { Coalescer } from './coalescer';
export { ordersMigrations } from './migrations';
export { EVERY_OWNER, ownerCondition } from '@labeldesk/nest-transport';
export { jsonColumn, placeholders } from './sql-values';
export { labelModeSql } from './label-mode';
