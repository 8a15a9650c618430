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
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
