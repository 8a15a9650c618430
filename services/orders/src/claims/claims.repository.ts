import { Inject, Injectable } from '@nestjs/common';
import type { ApiMode, Claim, ClaimState, ClaimType, InsuredLabel, SignatureOption } from '@labeldesk/contracts';
import { isUniqueViolation, ORM, schemaTable } from '@labeldesk/nest-orm';
import type { OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { labelModeSql, ownerCondition } from '../database';

/** A claim as orders keeps it: the wire's claim, with the carrier that insured the label and its own claim id. */
export interface StoredClaim extends Claim {
  carrier: string;
  carrierClaimId: string | null;
  decideAfter: Date;
}

export interface NewClaim {
  id: string;
  orderId: string;
  userId: string;
  carrier: string;
  trackingNumber: string;
  type: ClaimType;
  amountCents: number;
  insuredValueCents: number;
  description: string;
  decideAfter: Date;
  carrierClaimId: string | null;
}

interface ClaimRow {
  id: string;
  order_id: string;
  user_id: string;
  carrier: string;
  tracking_number: string;
  type: ClaimType;
  amount_cents: number | string;
  insured_value_cents: number | string;
  description: string;
  state: ClaimState;
  reason: string | null;
  approved_cents: number | string | null;
  carrier_claim_id: string | null;
  decide_after: Date | string;
  created_at: Date | string;
  decided_at: Date | string | null;
  paid_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toClaim = (row: ClaimRow): StoredClaim => ({
  id: row.id,
  orderId: row.order_id,
  userId: row.user_id,
  trackingNumber: row.tracking_number,
  type: row.type,
  amountCents: Number(row.amount_cents),
  insuredValueCents: Number(row.insured_value_cents),
  description: row.description,
  state: row.state,
  reason: row.reason,
  createdAt: iso(row.created_at) ?? '',
  decidedAt: iso(row.decided_at),
  paidAt: iso(row.paid_at),
  carrier: row.carrier,
  approvedCents: row.approved_cents === null ? null : Number(row.approved_cents),
  carrierClaimId: row.carrier_claim_id,
  decideAfter: new Date(row.decide_after),
});

/** The wire's claim, without what only orders needs. */
export const claimOnWire = ({ carrier: _carrier, carrierClaimId: _id, decideAfter: _after, ...claim }: StoredClaim): Claim => claim;

/** Claims (migration 033) and the insured labels they are filed on. */
@Injectable()
export class ClaimsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** The mode the label was bought in (decision 124): a test label's claim is the sandbox insurer's, paid on the test balance. */
  async modeOfLabel(labelId: string): Promise<ApiMode> {
    const [row] = await this.db.execute<Array<{ mode: ApiMode }>>(`select ${labelModeSql((name) => this.t(name), 'x."id"')} as "mode" from (select ?::uuid as "id") x`, [labelId]);
    return row?.mode ?? 'live';
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Inserts a claim; null when the label already has a live one (the unique index of migration 033). */
  async insert(claim: NewClaim): Promise<StoredClaim | null> {
    try {
      const rows = await this.db.execute<ClaimRow[]>(
        `insert into ${this.t('claims')} ("id", "order_id", "user_id", "carrier", "tracking_number", "type", "amount_cents", "insured_value_cents", "description", "decide_after", "next_check_at", "carrier_claim_id")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
        [claim.id, claim.orderId, claim.userId, claim.carrier, claim.trackingNumber, claim.type, claim.amountCents, claim.insuredValueCents, claim.description, claim.decideAfter, claim.decideAfter, claim.carrierClaimId],
      );
      return rows[0] ? toClaim(rows[0]) : null;
    } catch (error) {
      if (isUniqueViolation(error, 'claims_one_live_per_order')) return null;
      throw error;
    }
  }

  /** The label's claim that is not rejected, if any. */
  async liveClaimOf(orderId: string): Promise<StoredClaim | null> {
    const rows = await this.db.execute<ClaimRow[]>(`select * from ${this.t('claims')} where "order_id" = ? and "state" <> 'rejected'`, [orderId]);
    return rows[0] ? toClaim(rows[0]) : null;
  }

  /** The claim in the caller's scope and, when a key asks, of its mode (decision 124): another mode's is not found. */
  async get(claimId: string, scope: OwnerScope, mode?: ApiMode): Promise<StoredClaim | null> {
    const owner = ownerCondition(scope, 'c."user_id"');
    const rows = await this.db.execute<ClaimRow[]>(
      `select c.* from ${this.t('claims')} c where c."id" = ?${owner.sql} and (?::text is null or ${this.claimMode()} = ?::text)`,
      [claimId, ...owner.values, mode ?? null, mode ?? null],
    );
    return rows[0] ? toClaim(rows[0]) : null;
  }

  /** The user's claims on labels of one mode (decision 124), newest first. */
  async listOf(userId: string, mode: ApiMode = 'live'): Promise<StoredClaim[]> {
    const rows = await this.db.execute<ClaimRow[]>(
      `select c.* from ${this.t('claims')} c where c."user_id" = ? and ${this.claimMode()} = ? order by c."created_at" desc, c."id" limit 500`,
      [userId, mode],
    );
    return rows.map(toClaim);
  }

  /** A claim's mode is its label's (`c."order_id"` names the label: a single order or a batch row). */
  private claimMode(): string {
    return labelModeSql((name) => this.t(name), 'c."order_id"');
  }

  /**
   * Claims due for a look (submitted and past their decision time, or approved and not yet paid), each put off by
   * `retrySeconds` in the same statement: SKIP LOCKED keeps two replicas from taking the same one.
   */
  async claimDue(limit: number, retrySeconds: number): Promise<StoredClaim[]> {
    const claims = this.t('claims');
    const rows = await this.db.execute<ClaimRow[]>(
      `update ${claims} c set "next_check_at" = now() + make_interval(secs => ?)
        where c."id" in (select "id" from ${claims} where "state" in ('submitted', 'approved') and "next_check_at" <= now() order by "next_check_at" limit ? for update skip locked)
        returning c.*`,
      [retrySeconds, limit],
    );
    return rows.map(toClaim);
  }

  /**
   * Moves a claim on only from `from`: a repeated decision finds it moved already and changes nothing (false).
   * `approvedCents` is written with an approval.
   */
  async move(claimId: string, from: ClaimState, to: ClaimState, change: { reason?: string | null; approvedCents?: number } = {}): Promise<boolean> {
    const stamp = to === 'paid' ? '"paid_at" = now()' : '"decided_at" = now()';
    const rows = await this.db.execute<Array<{ id: string }>>(
      `update ${this.t('claims')} set "state" = ?, "reason" = coalesce(?, "reason"), "approved_cents" = coalesce(?, "approved_cents"), ${stamp}, "next_check_at" = now()
        where "id" = ? and "state" = ? returning "id"`,
      [to, change.reason ?? null, change.approvedCents ?? null, claimId, from],
    );
    return rows.length === 1;
  }

  /** The caller's insured labels not voided, single or a batch's (decision 122), newest first, with the live claim on each if any. */
  async insuredLabelsOf(userId: string, mode: ApiMode = 'live'): Promise<InsuredLabel[]> {
    const rows = await this.db.execute<
      Array<{ label_id: string; tracking_number: string; service_name: string; receiver_name: string; declared_value_cents: number | string; insurance_cents: number | string; signature: SignatureOption; purchased_at: Date | string; claim_id: string | null }>
    >(
      `select l."label_id", l."tracking_number", l."service_name", l."receiver_name", e."declared_value_cents", e."insurance_cents", e."signature", l."purchased_at",
              (select c."id" from ${this.t('claims')} c where c."order_id" = l."label_id" and c."state" <> 'rejected' limit 1) as "claim_id"
         from ${this.t('label_extras')} e
         join ${this.t('labels')} l on l."label_kind" in ('single', 'bulk') and l."label_id" = e."order_id"
         left join ${this.t('label_voids')} v on v."label_kind" = l."label_kind" and v."label_id" = e."order_id"
        where e."user_id" = ? and e."declared_value_cents" is not null and (v."state" is null or v."state" = 'refund_rejected')
          and ${labelModeSql((name) => this.t(name), 'l."label_id"')} = ?
        order by l."purchased_at" desc limit 200`,
      [userId, mode],
    );
    return rows.map((row) => ({
      orderId: row.label_id,
      trackingNumber: row.tracking_number,
      serviceName: row.service_name,
      receiverName: row.receiver_name,
      insuredValueCents: Number(row.declared_value_cents),
      insuranceCents: Number(row.insurance_cents),
      signature: row.signature,
      purchasedAt: new Date(row.purchased_at).toISOString(),
      claimId: row.claim_id,
    }));
  }
}
