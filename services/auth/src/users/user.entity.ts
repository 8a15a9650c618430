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

  /** Tokens issued before this instant are refused: blocking a user ends every session at once. */
  @Property({ type: 'timestamptz' })
  tokensValidAfter: Date = new Date(0);

  @Property({ type: 'integer' })
  failedLogins = 0;

  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null = null;
}
