import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/**
 * Label files live in the database: every replica can read them and no shared volume is needed
 * (decision 006). `data` is loaded only when a file is downloaded.
 */
@Entity({ tableName: 'files' })
export class StoredFileEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) ownerId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) contentType!: string;
  @Property({ type: 'integer' }) sizeBytes!: number;
  /** Small files (one label) inline; large ones (a batch's merged PDF) in `file_parts`, `partBytes` each. */
  @Property({ type: 'blob', lazy: true, nullable: true }) data!: Buffer | null;
  @Property({ type: 'integer', nullable: true }) partBytes: number | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
