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
