import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * File parts are stored out of line without compression: most of their bytes are label PDFs whose drawings are
 * deflated already, and PostgreSQL's attempt to compress each 512 kB part again cost more than storing it (a
 * 10,000-label PDF's parts: 0.65 s against 0.35 s in the embedded database, docs/benchmarks.md issue 25).
 */
export class Migration013FilePartsUncompressed extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('file_parts')} alter column "data" set storage external`);
  }
}
