import { ServiceMigration } from '@labeldesk/nest-orm';

/**
 * File parts are stored out of line without compression: most of their bytes are label PDFs whose drawings are
 * deflated already, and PostgreSQL's attempt to compress each 512 kB part again costs more time than it saves space.
 */
export class Migration013FilePartsUncompressed extends ServiceMigration {
  override async up(): Promise<void> {
    this.addSql(`alter table ${this.table('file_parts')} alter column "data" set storage external`);
  }
}
