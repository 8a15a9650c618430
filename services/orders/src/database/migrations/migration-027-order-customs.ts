import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 098: a single order's customs declaration, kept beside the order (written before it, as its extras are),
 * so a purchase resumed after a crash or asked again of the carrier sends the same declaration. A new table only: the
 * previous release's replicas neither read nor write it.
 */
export class Migration027OrderCustoms extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists ${this.table('order_customs')} (
        "order_id" uuid primary key,
        "user_id" uuid not null,
        "customs" jsonb not null,
        "created_at" timestamptz not null default now()
      )`);
  }
}
