import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { GroupPrices, PriceTier, PricingMode } from '@labeldesk/contracts';

/**
 * What a default shipping service and a user's copy of it share. A shipping service (USPS Priority Mail, …) is what
 * the spec, the screens and the contracts call a "service"; code says ShippingService so it is never taken for one of
 * the system's services (decision 082).
 */
abstract class ShippingServiceFields {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  /** The carrier's id of the shipping service. */
  @Property({ type: 'text' }) uid!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) category = 'Other';
  @Property({ type: 'integer' }) maxWeight!: number;
  @Property({ type: 'boolean' }) enabled!: boolean;
  @Property({ type: 'json' }) prices!: PriceTier[];
  /** Tiers, or the carrier's cost + markup (decision 085); the tiers are kept either way. */
  @Property({ type: 'text' }) pricingMode: PricingMode = 'tiers';
  /** The markup's percent of the cost in basis points (12.5 % = 1250): integer, so the price is exact to the cent. */
  @Property({ type: 'integer' }) markupBasisPoints = 0;
  /** The markup's fixed part per label. */
  @Property({ type: 'integer' }) markupCents = 0;
  /** Weight tiers per country group abroad (decision 116); a group left out is priced by the mode above. */
  @Property({ type: 'json' }) groupPrices: GroupPrices = {};
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}

/** The template every user's shipping services start from. */
@Entity({ tableName: 'default_services' })
export class DefaultShippingServiceEntity extends ShippingServiceFields {}

/** One user's copy of a default shipping service, with their own prices. */
@Entity({ tableName: 'user_services' })
export class UserShippingServiceEntity extends ShippingServiceFields {
  @Property({ type: 'uuid' }) userId!: string;
}
