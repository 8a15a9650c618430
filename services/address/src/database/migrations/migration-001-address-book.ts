import { ServiceMigration } from '@labeldesk/nest-orm';

export class Migration001AddressBook extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('addresses')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "address_id" text not null,
        "name" text not null,
        "phone" text null,
        "company" text null,
        "street" text not null,
        "street2" text null,
        "city" text not null,
        "state" text not null,
        "zip" text not null,
        "country" text not null default 'US',
        "created_at" timestamptz not null default now(),
        constraint "addresses_user_address_id_unique" unique ("user_id", "address_id")
      )`);
    this.addSql(`
      create table ${this.table('skus')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "sku" text not null,
        "max_qty" integer not null check ("max_qty" > 0),
        "weight" double precision not null check ("weight" > 0),
        "length" double precision not null check ("length" > 0),
        "width" double precision not null check ("width" > 0),
        "height" double precision not null check ("height" > 0),
        "description" text null,
        "created_at" timestamptz not null default now(),
        constraint "skus_user_sku_unique" unique ("user_id", "sku")
      )`);
  }
}

/** Ordered list of this service's migrations, applied at start in its own schema. */
