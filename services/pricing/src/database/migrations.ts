import type { MigrationObject } from '@mikro-orm/core';
import { ServiceMigration } from '@labeldesk/nest-orm';

export class Migration001Services extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('default_services')} (
        "id" uuid primary key,
        "uid" text not null,
        "name" text not null,
        "category" text not null default 'Other',
        "max_weight" integer not null check ("max_weight" > 0),
        "enabled" boolean not null,
        "prices" jsonb not null,
        "created_at" timestamptz not null default now(),
        constraint "default_services_uid_unique" unique ("uid")
      )`);
    this.addSql(`
      create table ${this.table('user_services')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "uid" text not null,
        "name" text not null,
        "category" text not null default 'Other',
        "max_weight" integer not null check ("max_weight" > 0),
        "enabled" boolean not null,
        "prices" jsonb not null,
        "created_at" timestamptz not null default now(),
        constraint "user_services_user_uid_unique" unique ("user_id", "uid")
      )`);
  }
}

/**
 * A version per part of the catalogue ('defaults', or a user's id for their copies), raised in the same transaction as
 * every write to it. Quotes cache what they read per version, so a change committed by any replica is seen by the very
 * next quote on every replica (ServiceRepository.catalogVersions, QuotePricesCache).
 */
export class Migration002CatalogVersions extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('catalog_versions')} (
        "scope" text primary key,
        "version" bigint not null
      )`);
  }
}

/** Ordered list of this service's migrations, applied at start in its own schema. */
export const pricingMigrations: MigrationObject[] = [
  { name: 'Migration001Services', class: Migration001Services },
  { name: 'Migration002CatalogVersions', class: Migration002CatalogVersions },
];
