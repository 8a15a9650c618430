import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { PriceTier } from '@labeldesk/contracts';

/**
 * What a default offering and a user's copy of it share. An offering is what the spec, the screens and the contracts
 * call a shipping "service" (USPS Priority Mail, …), named apart in code so it is never taken for one of the system's
 * services; the tables keep their names.
 */
abstract class OfferingFields {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  /** The carrier's id of the offering. */
  @Property({ type: 'text' }) uid!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category = 'Other';
  @Property({ type: 'integer' }) maxWeight!: number;
  @Property({ type: 'boolean' }) enabled!: boolean;
  @Property({ type: 'json' }) prices!: PriceTier[];
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}

/** The template every user's offerings start from. */
@Entity({ tableName: 'default_services' })
export class DefaultOfferingEntity extends OfferingFields {}

/** One user's copy of a default offering, with their own prices. */
@Entity({ tableName: 'user_services' })
export class UserOfferingEntity extends OfferingFields {
  @Property({ type: 'uuid' }) userId!: string;
}
