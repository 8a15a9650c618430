import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { LabelKind } from './label-voids.repository';

/**
 * When labels went on a SCAN form, read from the shipping day's form tables: the lifecycle sits below the shipping
 * day (which plans forms around voids), so it reads the two tables here instead of importing the forms repository.
 */
@Injectable()
export class LabelManifestsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  /**
   * When each of these labels went on a form the carrier made or may have made (a label absent from the answer is on
   * none): a void after it is a refund request. An `unconfirmed` form counts: the carrier may have made it.
   */
  async manifestedAt(labels: readonly { kind: LabelKind; labelId: string }[]): Promise<Map<string, Date>> {
    if (labels.length === 0) return new Map();
    const rows = await this.orm.em.fork().execute<Array<{ label_kind: LabelKind; label_id: string; created_at: Date | string }>>(
      `select fl."label_kind", fl."label_id", f."updated_at" as "created_at"
         from ${schemaTable(this.orm, 'scan_form_labels')} fl join ${schemaTable(this.orm, 'scan_forms')} f on f."id" = fl."scan_form_id"
        where f."state" in ('created', 'unconfirmed') and (fl."label_kind", fl."label_id") in (${labels.map(() => '(?, ?::uuid)').join(', ')})`,
      labels.flatMap((l) => [l.kind, l.labelId]),
    );
    return new Map(rows.map((r) => [`${r.label_kind}:${r.label_id}`, new Date(r.created_at)]));
  }
}
