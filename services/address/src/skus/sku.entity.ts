import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

@Entity({ tableName: 'skus' })
export class SkuEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text' }) sku!: string;
  /** Units per parcel when an Amazon order line is split (spec default 4). */
  @Property({ type: 'integer' }) maxQty!: number;
  /** Weight per unit (lb); the API calls it `weight`. Before migration 002 this was the SKU's one weight. */
  @Property({ type: 'double' }) unitWeight!: number;
  /** Packaging weight (lb), once per package: a package of n units weighs n × unitWeight + packagingWeight. */
  @Property({ type: 'double' }) packagingWeight = 0;
  @Property({ type: 'double' }) length!: number;
  @Property({ type: 'double' }) width!: number;
  @Property({ type: 'double' }) height!: number;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  /** Customs defaults (migration 005, decision 100): digits only, ISO alpha-2, one unit's value in cents. */
  @Property({ type: 'text', nullable: true }) hsTariffNumber: string | null = null;
  @Property({ type: 'text', nullable: true }) originCountry: string | null = null;
  @Property({ type: 'integer', nullable: true }) valueCents: number | null = null;
  /** One unit's declared value for insurance, cents (migration 006, decision 122). */
  @Property({ type: 'integer', nullable: true }) declaredValueCents: number | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
