import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * A key's mode (decision 110): `test` keys buy from the sandbox with a test balance. Every key made before is live, and
 * a replica of the previous release inserts live keys without naming the column, so the default keeps them right.
 */
export class Migration014ApiKeyModes extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('api_keys')} add column "mode" text not null default 'live' check ("mode" in ('live', 'test'))`);
  }
}
