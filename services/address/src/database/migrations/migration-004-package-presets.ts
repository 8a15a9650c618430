import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Issue 45, "Cheapest boxes": a seller's saved boxes (package presets), apart from SKUs: a name unique per user, the
 * outer size in inches and the empty box's (tare) weight in ounces. A new table only: safe for a rolling update.
 */
export class Migration004PackagePresets extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ${this.table('package_presets')} (
        "id" uuid primary key,
        "user_id" uuid not null,
        "name" text not null check (length("name") between 1 and 60),
        "length_in" double precision not null check ("length_in" > 0),
        "width_in" double precision not null check ("width_in" > 0),
        "height_in" double precision not null check ("height_in" > 0),
        "tare_weight_oz" double precision not null default 0 check ("tare_weight_oz" >= 0),
        "created_at" timestamptz not null default now(),
        constraint "package_presets_user_name_unique" unique ("user_id", "name")
      )`);
  }
}
