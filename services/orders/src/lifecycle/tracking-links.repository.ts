import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { LabelKind } from './label-voids.repository';

/** 24 bytes: 192 random bits, 32 base64url characters (decision 089). */
const TOKEN_BYTES = 24;

export const newTrackingToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export interface TrackingLinkRow {
  token: string;
  createdAt: Date;
}

/** The label a live link opens, and the name its buyer knows the seller by. */
export interface LinkedLabel {
  kind: LabelKind;
  labelId: string;
  sellerName: string;
}

/** How often `issue` looks again when a racing request made the label's link between its insert and its read. */
const ISSUE_ATTEMPTS = 3;

/** The links sellers give their buyers: one live link per label at most, found by its token. */
@Injectable()
export class TrackingLinksRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: 'tracking_links' | 'orders' | 'bulk_items'): string {
    return schemaTable(this.orm, name);
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** The label's live link, made now when it has none; asked twice at once, both get the same link. */
  async issue(label: { kind: LabelKind; labelId: string; userId: string }): Promise<TrackingLinkRow> {
    for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt++) {
      // One statement reads one snapshot: the live link made here (`made`) or the one there before, never both.
      const rows = await this.db.execute<Array<{ token: string; created_at: Date | string }>>(
        `with made as (
           insert into ${this.t('tracking_links')} ("token", "label_kind", "label_id", "user_id") values (?, ?, ?, ?)
           on conflict ("label_kind", "label_id") where "revoked_at" is null do nothing
           returning "token", "created_at"
         )
         select "token", "created_at" from made
         union all
         select "token", "created_at" from ${this.t('tracking_links')} where "label_kind" = ? and "label_id" = ? and "revoked_at" is null`,
        [newTrackingToken(), label.kind, label.labelId, label.userId, label.kind, label.labelId],
      );
      const row = rows[0];
      if (row) return { token: row.token, createdAt: new Date(row.created_at) };
      // Another request's link was not committed when this statement began: it is by the next one.
    }
    throw new Error(`no tracking link could be read for ${label.kind} label ${label.labelId}`);
  }

  /** Turns the label's live link off; false when it had none. */
  async revoke(kind: LabelKind, labelId: string): Promise<boolean> {
    const rows = await this.db.execute<Array<{ token: string }>>(
      `update ${this.t('tracking_links')} set "revoked_at" = now() where "label_kind" = ? and "label_id" = ? and "revoked_at" is null returning "token"`,
      [kind, labelId],
    );
    return rows.length > 0;
  }

  /**
   * The label a live token opens, with the seller's name as the label's ship-from says it (its company, or the
   * sender's name); null for a token unknown or revoked.
   */
  async linkedLabel(token: string): Promise<LinkedLabel | null> {
    const rows = await this.db.execute<Array<{ label_kind: LabelKind; label_id: string; sender_company: string | null; sender_name: string | null }>>(
      `select k."label_kind", k."label_id", s."sender"->>'sender_company' as "sender_company", s."sender"->>'sender_name' as "sender_name"
         from ${this.t('tracking_links')} k
         left join lateral (
           select o."sender" from ${this.t('orders')} o where k."label_kind" = 'single' and o."id" = k."label_id"
           union all
           select i."data"->'sender' from ${this.t('bulk_items')} i where k."label_kind" = 'bulk' and i."id" = k."label_id"
         ) s on true
        where k."token" = ? and k."revoked_at" is null`,
      [token],
    );
    const row = rows[0];
    if (!row) return null;
    return { kind: row.label_kind, labelId: row.label_id, sellerName: row.sender_company?.trim() || row.sender_name?.trim() || 'Your seller' };
  }
}
