import { Inject, Injectable } from '@nestjs/common';
import type { TrackingEmailKind } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { LabelKind } from '../lifecycle';
import { toSettings, type StoredTrackingEmailSettings } from './tracking-email-settings.repository';

type Table = 'labels' | 'orders' | 'bulk_items' | 'label_voids' | 'label_tracking' | 'tracking_emails' | 'tracking_email_settings' | 'tracking_email_unsubscribes';

/** A mail this replica claimed: it alone sends it (the row was written, or moved to `sending`, by this replica). */
export interface ClaimedMail {
  id: string;
  labelKind: LabelKind;
  labelId: string;
  kind: TrackingEmailKind;
  userId: string;
  email: string;
  unsubscribeToken: string;
  attempts: number;
}

/** What a claimed mail says and whether it may still go out, read just before it is sent. */
export interface MailContext {
  trackingNumber: string;
  courier: string | null;
  /** The label's ship-from company, or the sender's name: the name the buyer reads on the parcel (decision 089). */
  shipFromName: string;
  settings: StoredTrackingEmailSettings;
  /** Voided (or its void asked for), unsubscribed since the claim, or the seller switched the mails off: not sent. */
  withdrawn: boolean;
}

/** A void that means the parcel will not travel (a rejected refund means it was used: it does). */
const VOIDED = `v."state" <> 'refund_rejected'`;

interface ClaimedRow {
  id: string;
  label_kind: LabelKind;
  label_id: string;
  kind: TrackingEmailKind;
  user_id: string;
  email: string;
  unsubscribe_token: string;
  attempts: number;
}

const toClaimed = (row: ClaimedRow): ClaimedMail => ({
  id: row.id,
  labelKind: row.label_kind,
  labelId: row.label_id,
  kind: row.kind,
  userId: row.user_id,
  email: row.email,
  unsubscribeToken: row.unsubscribe_token,
  attempts: row.attempts,
});

/**
 * The record of tracking e-mails (decision 095): a mail is a row claimed before it is sent, at most one per label and
 * kind, so retries, restarts and several orders replicas never send one twice; and the addresses that unsubscribed.
 */
@Injectable()
export class TrackingEmailsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: Table): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /**
   * Claims up to `limit` mails due: labels of sellers with the mails on, bought (`purchased`) or reported delivered
   * (`delivered`) since the switch went on and within `withinHours`, whose receiver has an e-mail that did not
   * unsubscribe from the seller, not voided, with no mail of that kind yet. The insert is the claim: a label another
   * replica claimed first conflicts and is not answered here.
   */
  async claimDue(limit: number, withinHours: number): Promise<ClaimedMail[]> {
    // Each branch is bounded by an indexed recent column, so a sweep reads the last days' labels, not a seller's every
    // label: an order is bought within a day of being placed (ORDER_GIVE_UP_HOURS), a batch item's updated_at is at or
    // after its purchase, and a delivered report's updated_at has label_tracking_delivered_idx.
    const rows = await this.db.execute<ClaimedRow[]>(
      `with candidates as (
         select 'single'::text as "label_kind", o."id" as "label_id", o."user_id", 'purchased'::text as "kind", o."label_bought_at" as "at",
                nullif(trim(o."receiver"->>'receiver_email'), '') as "email"
           from ${this.t('tracking_email_settings')} s join ${this.t('orders')} o on o."user_id" = s."user_id"
          where s."enabled" and o."created_at" > now() - make_interval(hours => ? + 24) and o."status" = 'completed' and o."tracking_number" is not null
            and o."label_bought_at" >= s."enabled_at" and o."label_bought_at" > now() - make_interval(hours => ?)
         union all
         select 'bulk', i."id", i."user_id", 'purchased', i."label_bought_at", nullif(trim(i."data"->'receiver'->>'receiver_email'), '')
           from ${this.t('bulk_items')} i join ${this.t('tracking_email_settings')} s on s."user_id" = i."user_id"
          where s."enabled" and i."status" = 'succeeded' and i."updated_at" > now() - make_interval(hours => ?) and i."tracking_number" is not null
            and i."label_bought_at" >= s."enabled_at" and i."label_bought_at" > now() - make_interval(hours => ?)
         union all
         select t."label_kind", t."label_id", l."user_id", 'delivered', t."updated_at", r."email"
           from ${this.t('label_tracking')} t
           join ${this.t('labels')} l on l."label_kind" = t."label_kind" and l."label_id" = t."label_id"
           join ${this.t('tracking_email_settings')} s on s."user_id" = l."user_id"
           cross join lateral (
             select nullif(trim(o."receiver"->>'receiver_email'), '') as "email" from ${this.t('orders')} o where t."label_kind" = 'single' and o."id" = t."label_id"
             union all
             select nullif(trim(i."data"->'receiver'->>'receiver_email'), '') from ${this.t('bulk_items')} i where t."label_kind" = 'bulk' and i."id" = t."label_id"
           ) r
          where t."status" = 'delivered' and t."updated_at" > now() - make_interval(hours => ?) and s."enabled" and t."updated_at" >= s."enabled_at"
       ), due as (
         select c."label_kind", c."label_id", c."user_id", c."kind", c."email"
           from candidates c
          where c."email" is not null
            and not exists (select 1 from ${this.t('tracking_emails')} e where e."label_kind" = c."label_kind" and e."label_id" = c."label_id" and e."kind" = c."kind")
            and not exists (select 1 from ${this.t('label_voids')} v where v."label_kind" = c."label_kind" and v."label_id" = c."label_id" and ${VOIDED})
            and not exists (select 1 from ${this.t('tracking_email_unsubscribes')} u where u."user_id" = c."user_id" and u."email" = lower(c."email"))
          order by c."at" limit ?
       )
       insert into ${this.t('tracking_emails')} ("id", "label_kind", "label_id", "kind", "user_id", "email", "unsubscribe_token", "state")
       select gen_random_uuid(), "label_kind", "label_id", "kind", "user_id", "email", replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'sending' from due
       on conflict ("label_kind", "label_id", "kind") do nothing
       returning "id", "label_kind", "label_id", "kind", "user_id", "email", "unsubscribe_token", "attempts"`,
      [withinHours, withinHours, withinHours, withinHours, withinHours, limit],
    );
    return rows.map(toClaimed);
  }

  /** Claims up to `limit` mails whose last attempt failed and whose next attempt is due, counting the attempt. */
  async claimRetries(limit: number): Promise<ClaimedMail[]> {
    const table = this.t('tracking_emails');
    const rows = await this.db.execute<ClaimedRow[]>(
      `update ${table} set "state" = 'sending', "attempts" = "attempts" + 1, "next_attempt_at" = null
        where "id" in (select "id" from ${table} where "state" = 'retry' and "next_attempt_at" <= now() order by "next_attempt_at" limit ? for update skip locked)
        returning "id", "label_kind", "label_id", "kind", "user_id", "email", "unsubscribe_token", "attempts"`,
      [limit],
    );
    return rows.map(toClaimed);
  }

  /** What the claimed mail says, read as it is sent (the seller's texts of now, the label's void of now). */
  async context(mail: ClaimedMail): Promise<MailContext | null> {
    const rows = await this.db.execute<Array<Record<string, unknown> & { tracking_number: string; courier: string | null; ship_from: string | null; withdrawn: boolean; enabled: boolean | null }>>(
      `select l."tracking_number", l."courier", coalesce(nullif(trim(snd."sender"->>'sender_company'), ''), nullif(trim(snd."sender"->>'sender_name'), '')) as "ship_from",
              s."enabled", s."sender_name", s."purchased_subject", s."purchased_body", s."delivered_subject", s."delivered_body",
              (exists (select 1 from ${this.t('label_voids')} v where v."label_kind" = l."label_kind" and v."label_id" = l."label_id" and ${VOIDED})
               or exists (select 1 from ${this.t('tracking_email_unsubscribes')} u where u."user_id" = l."user_id" and u."email" = lower(?))) as "withdrawn"
         from ${this.t('labels')} l
         left join ${this.t('tracking_email_settings')} s on s."user_id" = l."user_id"
         left join lateral (
           select o."sender" from ${this.t('orders')} o where l."label_kind" = 'single' and o."id" = l."label_id"
           union all
           select i."data"->'sender' from ${this.t('bulk_items')} i where l."label_kind" = 'bulk' and i."id" = l."label_id"
         ) snd on true
        where l."label_kind" = ? and l."label_id" = ?`,
      [mail.email, mail.labelKind, mail.labelId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      trackingNumber: row.tracking_number,
      courier: row.courier,
      shipFromName: row.ship_from ?? 'Your seller',
      settings: toSettings({
        enabled: row.enabled === true,
        sender_name: row['sender_name'] as string | null,
        purchased_subject: row['purchased_subject'] as string | null,
        purchased_body: row['purchased_body'] as string | null,
        delivered_subject: row['delivered_subject'] as string | null,
        delivered_body: row['delivered_body'] as string | null,
      }),
      withdrawn: row.withdrawn || row.enabled !== true,
    };
  }

  async markSent(id: string): Promise<void> {
    await this.db.execute(`update ${this.t('tracking_emails')} set "state" = 'sent', "sent_at" = now(), "error" = null where "id" = ? and "state" = 'sending'`, [id]);
  }

  /** Not sent and never will be (voided, unsubscribed, switched off, or the label is gone). */
  async markSkipped(id: string, reason: string): Promise<void> {
    await this.db.execute(`update ${this.t('tracking_emails')} set "state" = 'skipped', "error" = ? where "id" = ? and "state" = 'sending'`, [reason, id]);
  }

  /** The SMTP server refused or could not be reached: tried again after `retryInSeconds`, or given up with null. */
  async markFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db.execute(
      `update ${this.t('tracking_emails')} set "state" = ?, "error" = ?, "next_attempt_at" = case when ?::integer is null then null else now() + make_interval(secs => ?::integer) end
        where "id" = ? and "state" = 'sending'`,
      [retryInSeconds === null ? 'failed' : 'retry', error.slice(0, 500), retryInSeconds, retryInSeconds, id],
    );
  }

  /** The seller and address an unsubscribe token stands for, the seller's name, and whether they already unsubscribed. */
  async unsubscribeTarget(token: string): Promise<{ userId: string; email: string; store: string; unsubscribed: boolean } | null> {
    const rows = await this.db.execute<Array<{ user_id: string; email: string; store: string | null; unsubscribed: boolean }>>(
      `select e."user_id", e."email",
              coalesce(nullif(s."sender_name", ''), nullif(trim(snd."sender"->>'sender_company'), ''), nullif(trim(snd."sender"->>'sender_name'), '')) as "store",
              exists (select 1 from ${this.t('tracking_email_unsubscribes')} u where u."user_id" = e."user_id" and u."email" = lower(e."email")) as "unsubscribed"
         from ${this.t('tracking_emails')} e
         left join ${this.t('tracking_email_settings')} s on s."user_id" = e."user_id"
         left join lateral (
           select o."sender" from ${this.t('orders')} o where e."label_kind" = 'single' and o."id" = e."label_id"
           union all
           select i."data"->'sender' from ${this.t('bulk_items')} i where e."label_kind" = 'bulk' and i."id" = e."label_id"
         ) snd on true
        where e."unsubscribe_token" = ?`,
      [token],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, email: row.email, store: row.store ?? 'Your seller', unsubscribed: row.unsubscribed } : null;
  }

  /** No later tracking e-mail from this seller to this address (any case); asking again changes nothing. */
  async unsubscribe(userId: string, email: string): Promise<void> {
    await this.db.execute(`insert into ${this.t('tracking_email_unsubscribes')} ("user_id", "email") values (?, lower(?)) on conflict do nothing`, [userId, email]);
  }
}
