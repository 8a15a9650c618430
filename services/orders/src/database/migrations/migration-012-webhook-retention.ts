import { ServiceMigration } from '@labeldesk/nest-orm';

/** Webhook messages are forgotten by age (WEBHOOK_RETENTION_DAYS): found by when they were written, not by a scan. */
export class Migration012WebhookRetention extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`create index "webhook_messages_created_idx" on ${this.table('webhook_messages')} ("created_at")`);
  }
}
