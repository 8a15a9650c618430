import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

@Entity({ tableName: 'skus' })
export class SkuEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text' }) sku!: string;
  /** Units per parcel when an Amazon order line is split (spec default 4). */
  @Property({ type: 'integer' }) maxQty!: number;
  @Property({ type: 'double' }) weight!: number;
  @Property({ type: 'double' }) length!: number;
  @Property({ type: 'double' }) width!: number;
  @Property({ type: 'double' }) height!: number;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
