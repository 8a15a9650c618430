import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { Activation, UserRole } from '@labeldesk/contracts';

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  /** Always stored lower-case; unique. */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'text', nullable: true })
  avatar: string | null = null;

  @Property({ type: 'text' })
  role: UserRole = 'user';

  @Property({ type: 'text' })
  activation: Activation = 'allow';

  @Property({ type: 'text' })
  referralCode!: string;

  @Property({ type: 'uuid', nullable: true })
  referredBy: string | null = null;

  @Property({ type: 'timestamptz' })
  registeredAt: Date = new Date();

  /**
   * Every token carries the version it was issued under and is refused once this moves on: ending a user's
   * sessions is one increment, exact to the request (a timestamp would let a token of the same second through).
   */
  @Property({ type: 'integer' })
  sessionVersion = 0;

  /** When the sessions last ended. Tokens are checked against sessionVersion; replicas of the previous release read this. */
  @Property({ type: 'timestamptz' })
  tokensValidAfter: Date = new Date(0);

  /**
   * Every "login as" token this user (an admin) made carries the version it was made under, and is refused once this
   * moves on: the admin signing out ends the sessions they opened as others, without ending their own elsewhere.
   */
  @Property({ type: 'integer' })
  loginAsVersion = 0;

  /** Set by an admin's delete: the user is gone from every list and cannot sign in; the row stays for the record. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null = null;

  /** The authenticator secret, encrypted (two-factor/secret-box.ts); set while two-factor sign-in is on. */
  @Property({ type: 'text', nullable: true, hidden: true })
  totpSecret: string | null = null;

  /** A secret set up but not yet confirmed with a code (encrypted): it signs no one in. */
  @Property({ type: 'text', nullable: true, hidden: true })
  totpPendingSecret: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null = null;

  /** The last time step a code was accepted for: only a later step is accepted next (no replay). Raw SQL moves it. */
  @Property({ type: 'integer', hidden: true })
  totpLastStep = 0;

  get twoFactorEnabled(): boolean {
    return this.totpEnabledAt !== null && this.totpSecret !== null;
  }

  /** Every session of this user ends now: tokens issued so far stop working on their next use. */
  endSessions(): void {
    this.sessionVersion += 1;
    this.tokensValidAfter = new Date();
  }

  /** Every "login as" session this admin opened ends now (their own sessions go on). */
  endLoginAsSessions(): void {
    this.loginAsVersion += 1;
  }
}
