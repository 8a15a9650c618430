import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { PriceTier } from '@labeldesk/contracts';

/** What a default service and a user's copy of it share. */
abstract class ServiceFields {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  /** The carrier's service id. */
  @Property({ type: 'text' }) uid!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category = 'Other';
  @Property({ type: 'integer' }) maxWeight!: number;
  @Property({ type: 'boolean' }) enabled!: boolean;
  @Property({ type: 'json' }) prices!: PriceTier[];
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}

/** The template every user's services start from. */
@Entity({ tableName: 'default_services' })
export class DefaultServiceEntity extends ServiceFields {}

/** One user's copy of a default service, with their own prices. */
@Entity({ tableName: 'user_services' })
export class UserServiceEntity extends ServiceFields {
  @Property({ type: 'uuid' }) userId!: string;
}
