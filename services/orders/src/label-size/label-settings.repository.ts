import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_LABEL_SIZE, labelSizeSchema, type LabelSize } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Each user's label size (decision 096): a row once they chose, none before (4×6). */
@Injectable()
export class LabelSettingsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'label_settings');
  }

  async labelSize(userId: string): Promise<LabelSize> {
    const [row] = await this.orm.em.getConnection().execute<Array<{ label_size: string }>>(`select "label_size" from ${this.table} where "user_id" = ?`, [userId]);
    // The column's check allows only the sizes the contracts know; anything else would be a row from a later release.
    const known = labelSizeSchema.safeParse(row?.label_size);
    return known.success ? known.data : DEFAULT_LABEL_SIZE;
  }

  async setLabelSize(userId: string, labelSize: LabelSize): Promise<LabelSize> {
    await this.orm.em
      .getConnection()
      .execute(
        `insert into ${this.table} ("user_id", "label_size") values (?, ?) on conflict ("user_id") do update set "label_size" = excluded."label_size", "updated_at" = now()`,
        [userId, labelSize],
      );
    return labelSize;
  }
}
