import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';
import { PasswordHasher } from '../sessions/password-hasher';
import { newReferralCode } from './referral-code';
import { UserEventsPublisher } from './user-events.publisher';
import { User } from './user.entity';
import { UserRepository } from './user.repository';

/** A fresh install has no admin: create one from ADMIN_EMAIL/ADMIN_PASSWORD, or with a random password printed once. */
@Injectable()
export class EnsureFirstAdmin implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstAdmin');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEventsPublisher,
    @Inject(AUTH_ENV) private readonly env: AuthEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.countAdmins()) > 0) return;
    const existing = await this.users.findByEmail(this.env.ADMIN_EMAIL);
    if (existing) {
      await this.users.update(existing.id, (user) => void (user.role = 'admin'));
      // A gateway still running from before this start may hold this user's callers as they were.
      await this.events.changed(existing.id);
      this.logger.log(`No admin existed: ${this.env.ADMIN_EMAIL} is now admin`);
      return;
    }
    const password = this.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const admin = Object.assign(new User(), {
      id: randomUUID(),
      name: this.env.ADMIN_NAME,
      email: this.env.ADMIN_EMAIL,
      passwordHash: await this.hasher.hash(password),
      role: 'admin' as const,
      referralCode: newReferralCode(),
    });
    try {
      await this.users.insert(admin);
    } catch (error) {
      // Another replica created it first.
      if (error instanceof DomainError && error.code === ErrorCode.AUTH_EMAIL_TAKEN) return;
      throw error;
    }
    if (this.env.ADMIN_PASSWORD) {
      this.logger.log(`Created the first admin ${this.env.ADMIN_EMAIL}`);
    } else {
      // Printed once, on the console only: it is the one way to learn it.
      process.stdout.write(`\n  First admin created: ${this.env.ADMIN_EMAIL}\n  Password: ${password}\n  (shown once; change it in Account)\n\n`);
    }
  }
}
