import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { isUniqueViolation, ORM } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * All of auth's queries. Each call works in its own fork: messages are handled concurrently. A deleted user is found by
 * none of them (no sign-in, no session, no list, no edit): only `delete` touches that row.
 */
@Injectable()
export class UserRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  findById(id: string): Promise<User | null> {
    return this.em().findOne(User, { id, deletedAt: null });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em().findOne(User, { email: email.toLowerCase(), deletedAt: null });
  }

  findByReferralCode(code: string): Promise<User | null> {
    return this.em().findOne(User, { referralCode: code.toUpperCase(), deletedAt: null });
  }

  /** Who registered with (or applied) this user's code and is not deleted, newest first. */
  findInvitees(referrerId: string): Promise<User[]> {
    return this.em().find(User, { referredBy: referrerId, deletedAt: null }, { orderBy: { registeredAt: 'desc', id: 'asc' } });
  }

  /**
   * Records who referred a user, only if nobody has yet: one conditional update, so two applies racing cannot both
   * succeed. Answers the updated user, or null when the user is gone or already has a referrer.
   */
  async setReferrerOnce(userId: string, referrerId: string): Promise<User | null> {
    const em = this.em();
    const changed = await em.nativeUpdate(User, { id: userId, referredBy: null, deletedAt: null }, { referredBy: referrerId });
    return changed === 1 ? em.findOne(User, { id: userId }) : null;
  }

  listAll(): Promise<User[]> {
    return this.em().find(User, { deletedAt: null }, { orderBy: { registeredAt: 'asc' } });
  }

  countAdmins(): Promise<number> {
    return this.em().count(User, { role: 'admin', deletedAt: null });
  }

  /** Inserts a new user; a taken email or referral code becomes a domain error. */
  async insert(user: User): Promise<User> {
    const em = this.em();
    try {
      await em.persistAndFlush(user);
      return user;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) {
        throw new DomainError(ErrorCode.AUTH_EMAIL_TAKEN, 'An account with this email already exists');
      }
      if (isUniqueViolation(error, 'users_referral_code_unique')) {
        throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_TAKEN, 'This referral code is already in use');
      }
      throw error;
    }
  }

  /** Loads, changes and saves one user in one unit of work. */
  async update(id: string, change: (user: User) => void | Promise<void>): Promise<User> {
    const em = this.em();
    const user = await em.findOne(User, { id, deletedAt: null });
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    await change(user);
    await em.flush();
    return user;
  }

  /** Like update, with unique-constraint violations turned into domain errors. */
  async updateChecked(id: string, change: (user: User) => void): Promise<User> {
    try {
      return await this.update(id, change);
    } catch (error) {
      if (isUniqueViolation(error, 'users_referral_code_unique')) {
        throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_TAKEN, 'This referral code is already in use');
      }
      throw error;
    }
  }
}
