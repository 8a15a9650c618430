import { Inject, Injectable } from '@nestjs/common';
import type { TrackingEmailSettingsBody } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** A seller's stored settings; a seller who never saved any has the defaults (off, default texts). */
export type StoredTrackingEmailSettings = TrackingEmailSettingsBody;

interface SettingsRow {
  enabled: boolean;
  sender_name: string | null;
  purchased_subject: string | null;
  purchased_body: string | null;
  delivered_subject: string | null;
  delivered_body: string | null;
}

export const DEFAULT_SETTINGS: StoredTrackingEmailSettings = {
  enabled: false,
  senderName: null,
  purchasedSubject: null,
  purchasedBody: null,
  deliveredSubject: null,
  deliveredBody: null,
};

export const toSettings = (row: SettingsRow): StoredTrackingEmailSettings => ({
  enabled: row.enabled,
  senderName: row.sender_name,
  purchasedSubject: row.purchased_subject,
  purchasedBody: row.purchased_body,
  deliveredSubject: row.delivered_subject,
  deliveredBody: row.delivered_body,
});

/** Sellers' tracking e-mail settings, one row per seller once saved. */
@Injectable()
export class TrackingEmailSettingsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'tracking_email_settings');
  }

  async get(userId: string): Promise<StoredTrackingEmailSettings> {
    const rows = await this.orm.em.getConnection().execute<SettingsRow[]>(`select * from ${this.table} where "user_id" = ?`, [userId]);
    return rows[0] ? toSettings(rows[0]) : DEFAULT_SETTINGS;
  }

  /**
   * Saves the settings. `enabled_at` is when the switch last went on: only labels bought (or delivered) since then are
   * mailed about, so switching on never mails every buyer of the past days at once.
   */
  async save(userId: string, settings: StoredTrackingEmailSettings): Promise<StoredTrackingEmailSettings> {
    const table = this.table;
    const rows = await this.orm.em.getConnection().execute<SettingsRow[]>(
      `insert into ${table} ("user_id", "enabled", "enabled_at", "sender_name", "purchased_subject", "purchased_body", "delivered_subject", "delivered_body", "updated_at")
       values (?, ?, case when ? then now() end, ?, ?, ?, ?, ?, now())
       on conflict ("user_id") do update set
         "enabled" = excluded."enabled",
         "enabled_at" = case when not excluded."enabled" then null when ${table}."enabled" then ${table}."enabled_at" else now() end,
         "sender_name" = excluded."sender_name", "purchased_subject" = excluded."purchased_subject", "purchased_body" = excluded."purchased_body",
         "delivered_subject" = excluded."delivered_subject", "delivered_body" = excluded."delivered_body", "updated_at" = now()
       returning *`,
      [userId, settings.enabled, settings.enabled, settings.senderName, settings.purchasedSubject, settings.purchasedBody, settings.deliveredSubject, settings.deliveredBody],
    );
    return toSettings(rows[0] as SettingsRow);
  }
}
