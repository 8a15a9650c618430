import { Inject, Injectable } from '@nestjs/common';
import type { StatementLabel } from '@labeldesk/contracts';
import { ORM, queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

/** A customer's bought labels by the keys of their charges, read from the `labels` view (single and batch labels). */
@Injectable()
export class StatementLabelsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async byChargeKeys(userId: string, chargeKeys: readonly string[]): Promise<StatementLabel[]> {
    const keys = [...new Set(chargeKeys)];
    if (keys.length === 0) return [];
    const rows = await queryBound<{ charge_key: string; tracking_number: string; courier: string | null; service_name: string }>(
      this.orm.em.fork(),
      `select "charge_key", "tracking_number", "courier", "service_name" from ${schemaTable(this.orm, 'labels')}
        where "user_id" = ? and "charge_key" in (${keys.map(() => '?').join(', ')})`,
      [userId, ...keys],
    );
    return rows.map((r) => ({ chargeKey: r.charge_key, trackingNumber: r.tracking_number, courier: r.courier ?? 'usps', serviceName: r.service_name }));
  }
}
