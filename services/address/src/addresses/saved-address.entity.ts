import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

@Entity({ tableName: 'addresses' })
export class SavedAddressEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  /** The user's own label for the address ("warehouse-2"); unique per user. */
  @Property({ type: 'text' }) addressId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) phone: string | null = null;
  @Property({ type: 'text', nullable: true }) company: string | null = null;
  @Property({ type: 'text' }) street!: string;
  @Property({ type: 'text', nullable: true }) street2: string | null = null;
  @Property({ type: 'text' }) city!: string;
  @Property({ type: 'text' }) state!: string;
  @Property({ type: 'text' }) zip!: string;
  @Property({ type: 'text' }) country = 'US' as const;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
