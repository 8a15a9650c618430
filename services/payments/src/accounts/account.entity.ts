import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

@Entity({ tableName: 'accounts' })
export class Account {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  /** bigint in the database; cents fit a JS number far beyond any balance we hold. */
  @Property({ type: 'bigint', runtimeType: 'number', columnType: 'bigint' })
  balanceCents = 0;

  /** Set aside by open holds; never spendable until captured or released. */
  @Property({ type: 'bigint', runtimeType: 'number', columnType: 'bigint' })
  heldCents = 0;

  @Property({ type: 'bigint', runtimeType: 'number', columnType: 'bigint' })
  totalDepositCents = 0;

  @Property({ type: 'bigint', runtimeType: 'number', columnType: 'bigint' })
  totalSpentCents = 0;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
