import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** A seller's saved box: its outer size and the empty box's weight (issue 45). */
@Entity({ tableName: 'package_presets' })
export class PackagePresetEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'double' }) lengthIn!: number;
  @Property({ type: 'double' }) widthIn!: number;
  @Property({ type: 'double' }) heightIn!: number;
  /** The empty box with its padding, in ounces: added to the contents' weight when the preset is picked. */
  @Property({ type: 'double' }) tareWeightOz = 0;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
