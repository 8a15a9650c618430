import type { CsvColumnMapping } from '@labeldesk/contracts';
import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';

/** A user's column mapping for one CSV header signature (migration 003). */
@Entity({ tableName: 'csv_mappings' })
export class CsvMappingEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  @Property({ type: 'text' }) signature!: string;
  @Property({ type: 'json' }) mapping!: CsvColumnMapping;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz' }) updatedAt: Date = new Date();
}
