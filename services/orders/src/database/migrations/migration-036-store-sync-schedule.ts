import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 105: a connection's next scheduled import (STORE_SYNC_SECONDS). A replica claims due connections by moving
 * this ahead in the same statement, so two replicas do not import the same store at once. Nullable with no default:
 * the previous release's replicas insert connections without it (read as due).
 */
export class Migration036StoreSyncSchedule extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('store_connections')} add column if not exists "next_sync_at" timestamptz null`);
  }
}
