export * from './lib/orm.module';
export * from './lib/pg-errors';
export * from './lib/embedded/embedded-postgres';
export * from './lib/embedded/embedded-postgres-thread';
export * from './lib/embedded/connection-lock';
export * from './lib/embedded/wire-messages';
export * from './lib/service-migration';
export * from './lib/schema-table';
