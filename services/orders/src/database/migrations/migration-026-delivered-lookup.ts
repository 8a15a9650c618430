import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * Decision 095: the tracking e-mail sweep looks every few seconds for labels reported delivered in the last two days.
 * Delivered is final (never polled again), so the partial index stays a small, recent slice of `label_tracking`.
 * Only an index is added: the previous release's replicas read and write as before.
 */
export class Migration026DeliveredLookup extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "label_tracking_delivered_idx" on ${this.table('label_tracking')} ("updated_at") where "status" = 'delivered'`);
  }
}
