/** Migrations and SQL helpers every repository shares. */
export { Coalescer } from './coalescer';
export { ordersMigrations } from './migrations';
export { jsonColumn, placeholders } from './sql-values';
