import { Inject, Injectable } from '@nestjs/common';
import type { StatementLabel } from '@labeldesk/contracts';
import { ORM, queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** The label a charge key names: `label:<orderId>:<attempt>` (a single label) or `bulk-item:<itemId>` (a batch's). */
export const labelIdOf = (chargeKey: string): string | null => /^(?:label:([0-9a-f-]{36}):\d+|bulk-item:([0-9a-f-]{36}))$/.exec(chargeKey)?.slice(1).find(Boolean) ?? null;

/**
 * A customer's bought labels by the keys of their charges, read from the `labels` view (single and batch labels) by
 * the labels' own ids, so each branch of the view is read through its primary key however many labels the customer has.
 */
@Injectable()
export class StatementLabelsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async byChargeKeys(userId: string, chargeKeys: readonly string[]): Promise<StatementLabel[]> {
    const keys = [...new Set(chargeKeys)];
    const ids = [...new Set(keys.flatMap((key) => labelIdOf(key) ?? []))];
    if (ids.length === 0) return [];
    const rows = await queryBound<{ charge_key: string; tracking_number: string; courier: string | null; service_name: string }>(
      this.orm.em.fork(),
      `select "charge_key", "tracking_number", "courier", "service_name" from ${schemaTable(this.orm, 'labels')}
        where "user_id" = ? and "label_id" in (${ids.map(() => '?').join(', ')}) and "charge_key" in (${keys.map(() => '?').join(', ')})`,
      [userId, ...ids, ...keys],
    );
    return rows.map((r) => ({ chargeKey: r.charge_key, trackingNumber: r.tracking_number, courier: r.courier ?? 'usps', serviceName: r.service_name }));
  }
}
