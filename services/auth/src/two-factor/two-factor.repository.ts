import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';

/** A code attempt counted up front (decision 071): let through as the account's `tried`-th in its window, or refused. */
export type CodeAdmission = { admitted: true; tried: number; windowEndsAt: Date } | { admitted: false; windowEndsAt: Date };

export interface ChallengeRow {
  userId: string;
  sessionVersion: number;
  expiresAt: Date;
}

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Two-factor state that must change atomically (decision 050): a step is claimed by one conditional update, a
 * recovery code and a challenge are each used by one conditional statement, so two requests racing with the same
 * code cannot both succeed.
 */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async savePending(userId: string, sealedSecret: string): Promise<void> {
    await this.orm.em.fork().execute(`update ${this.t('users')} set "totp_pending_secret" = ? where "id" = ? and "totp_enabled_at" is null`, [sealedSecret, userId]);
  }

  /**
   * The pending secret becomes the secret, the step the confirming code belonged to counts as used, and the recovery
   * codes replace any earlier ones; false when the pending secret changed meanwhile (another setup) or 2FA is on.
   */
  async enable(userId: string, sealedSecret: string, step: number, codeHashes: readonly string[]): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const changed = await em.execute<Array<{ id: string }>>(
        `update ${this.t('users')} set "totp_secret" = "totp_pending_secret", "totp_pending_secret" = null, "totp_enabled_at" = now(), "totp_last_step" = ?
         where "id" = ? and "totp_enabled_at" is null and "totp_pending_secret" = ? returning "id"`,
        [step, userId, sealedSecret],
      );
      if (changed.length !== 1) return false;
      await this.putRecoveryCodes(em, userId, codeHashes);
      return true;
    });
  }

  /** Two-factor sign-in off: secret, step and recovery codes forgotten. */
  async disable(userId: string): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const changed = await em.execute<Array<{ id: string }>>(
        `update ${this.t('users')} set "totp_secret" = null, "totp_pending_secret" = null, "totp_enabled_at" = null, "totp_last_step" = 0
         where "id" = ? and "totp_enabled_at" is not null returning "id"`,
        [userId],
      );
      await em.execute(`delete from ${this.t('recovery_codes')} where "user_id" = ?`, [userId]);
      // The wrong codes counted against the secret go with it: a user enrolling again after an admin's reset starts unlocked.
      await em.execute(`delete from ${this.t('two_factor_failures')} where "user_id" = ?`, [userId]);
      return changed.length === 1;
    });
  }

  /** New recovery codes in place of every earlier one; false when two-factor sign-in is not on (turned off meanwhile). */
  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      // The user's row is locked first, so a racing disable cannot leave codes behind for an account without 2FA.
      const on = await em.execute<Array<{ id: string }>>(`select "id" from ${this.t('users')} where "id" = ? and "totp_enabled_at" is not null for update`, [userId]);
      if (on.length !== 1) return false;
      await this.putRecoveryCodes(em, userId, codeHashes);
      return true;
    });
  }

  /** The user's recovery codes become exactly these (within the caller's transaction). */
  private async putRecoveryCodes(em: EntityManager, userId: string, codeHashes: readonly string[]): Promise<void> {
    await em.execute(`delete from ${this.t('recovery_codes')} where "user_id" = ?`, [userId]);
    await em.execute(
      `insert into ${this.t('recovery_codes')} ("user_id", "code_hash") values ${codeHashes.map(() => '(?, ?)').join(', ')}`,
      codeHashes.flatMap((hash) => [userId, hash]),
    );
  }

  /** True once per (user, step) and only for a step later than every step accepted before: a code is never replayed. */
  async claimStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .execute<Array<{ id: string }>>(`update ${this.t('users')} set "totp_last_step" = ? where "id" = ? and "totp_last_step" < ? returning "id"`, [step, userId, step]);
    return rows.length === 1;
  }

  /** True once per code: it is marked used in the same statement that finds it. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .execute<Array<{ user_id: string }>>(
        `update ${this.t('recovery_codes')} set "used_at" = now() where "user_id" = ? and "code_hash" = ? and "used_at" is null returning "user_id"`,
        [userId, codeHash],
      );
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('recovery_codes')} where "user_id" = ? and "used_at" is null`, [userId]);
    return Number(row?.n ?? 0);
  }

  /**
   * Counts one code attempt for the user up front, in one statement, unless `limit` attempts are counted already in
   * the window (then nothing changes and the attempt is refused). A window ended starts over at this attempt and runs
   * `windowSeconds` from `now`. Racing requests (any replica) are serialised by the row: at most `limit` get through.
   */
  async admitCode(userId: string, now: Date, limit: number, windowSeconds: number): Promise<CodeAdmission> {
    const em = this.orm.em.fork();
    const at = now.toISOString();
    // A refusal reads the window's end in a second statement; if the window ended (or a right code cleared it) in
    // between, the attempt is admitted on a second round instead.
    for (let round = 0; ; round += 1) {
      const [admitted] = await em.execute<Array<{ failures: number; window_ends_at: Date }>>(
        `insert into ${this.t('two_factor_failures')} as f ("user_id", "failures", "window_ends_at")
         values (?, 1, ?::timestamptz + ?::integer * interval '1 second')
         on conflict ("user_id") do update set
           "failures" = case when f."window_ends_at" <= ?::timestamptz then 1 else f."failures" + 1 end,
           "window_ends_at" = case when f."window_ends_at" <= ?::timestamptz then excluded."window_ends_at" else f."window_ends_at" end
         where f."window_ends_at" <= ?::timestamptz or f."failures" < ?
         returning "failures", "window_ends_at"`,
        [userId, at, windowSeconds, at, at, at, limit],
      );
      if (admitted) return { admitted: true, tried: Number(admitted.failures), windowEndsAt: new Date(admitted.window_ends_at) };
      const [held] = await em.execute<Array<{ window_ends_at: Date }>>(`select "window_ends_at" from ${this.t('two_factor_failures')} where "user_id" = ?`, [userId]);
      const windowEndsAt = held ? new Date(held.window_ends_at) : null;
      if ((windowEndsAt && windowEndsAt.getTime() > now.getTime()) || round > 0) return { admitted: false, windowEndsAt: windowEndsAt ?? now };
    }
  }

  /** A right code: the user's counted attempts are forgotten. */
  async clearCodeFailures(userId: string): Promise<void> {
    await this.orm.em.fork().execute(`delete from ${this.t('two_factor_failures')} where "user_id" = ?`, [userId]);
  }

  /** Only the challenge's hash is kept; expired ones are swept as new ones are made. */
  async createChallenge(challenge: string, row: ChallengeRow): Promise<void> {
    const em = this.orm.em.fork();
    await em.execute(`delete from ${this.t('two_factor_challenges')} where "expires_at" < now() - interval '1 hour'`);
    await em.execute(`insert into ${this.t('two_factor_challenges')} ("challenge_hash", "user_id", "session_version", "expires_at") values (?, ?, ?, ?)`, [
      digest(challenge),
      row.userId,
      row.sessionVersion,
      row.expiresAt,
    ]);
  }

  async findChallenge(challenge: string): Promise<ChallengeRow | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<Array<{ user_id: string; session_version: number; expires_at: Date }>>(
        `select "user_id", "session_version", "expires_at" from ${this.t('two_factor_challenges')} where "challenge_hash" = ?`,
        [digest(challenge)],
      );
    return row ? { userId: row.user_id, sessionVersion: Number(row.session_version), expiresAt: new Date(row.expires_at) } : null;
  }

  /** True for the one request that uses the challenge up. */
  async useChallenge(challenge: string): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .execute<Array<{ user_id: string }>>(`delete from ${this.t('two_factor_challenges')} where "challenge_hash" = ? returning "user_id"`, [digest(challenge)]);
    return rows.length === 1;
  }
}
