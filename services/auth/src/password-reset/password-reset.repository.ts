import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';

/** Only the hash is stored: a leaked table resets no one. */
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

@Injectable()
export class PasswordResetRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  /** A new link for the user; the links issued before stop working (only the latest one counts). */
  async issue(userId: string, issuedBy: string | null, validMinutes: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + validMinutes * 60_000);
    await this.orm.em.fork().transactional(async (em) => {
      await em.execute(`update ${this.t('password_resets')} set "used_at" = now() where "user_id" = ? and "used_at" is null`, [userId]);
      await em.execute(`insert into ${this.t('password_resets')} ("token_hash", "user_id", "issued_by", "expires_at") values (?, ?, ?, ?)`, [hashOf(token), userId, issuedBy, expiresAt]);
    });
    return { token, expiresAt };
  }

  /** Uses the link up, once: answers its user when it was valid, unused and unexpired, else null. */
  async consume(token: string): Promise<string | null> {
    const [row] = await this.orm.em.fork().execute<Array<{ user_id: string }>>(
      `update ${this.t('password_resets')} set "used_at" = now() where "token_hash" = ? and "used_at" is null and "expires_at" > now() returning "user_id"`,
      [hashOf(token)],
    );
    return row?.user_id ?? null;
  }
}
