import { Inject, Injectable } from '@nestjs/common';
import type { SignatureOption } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ExtrasPrice } from './extra-services-pricing';

interface ExtrasRow {
  declared_value_cents: number | string | null;
  insurance_cents: number | string;
  signature: SignatureOption;
  signature_cents: number | string;
}

const toExtras = (row: ExtrasRow): ExtrasPrice => ({
  declaredValueCents: row.declared_value_cents === null ? null : Number(row.declared_value_cents),
  insuranceCents: Number(row.insurance_cents),
  signature: row.signature,
  signatureCents: Number(row.signature_cents),
});

/** A single order's extra services (migration 032), written before the order so no order priced with them lacks them. */
@Injectable()
export class LabelExtrasRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'label_extras');
  }

  /** Writes the extras of an order id once; a retry with the same id keeps the first row (the same order's). */
  async record(orderId: string, userId: string, extras: ExtrasPrice): Promise<void> {
    await this.orm.em.getConnection().execute(
      `insert into ${this.table} ("order_id", "user_id", "declared_value_cents", "insurance_cents", "signature", "signature_cents") values (?, ?, ?, ?, ?, ?)
       on conflict ("order_id") do nothing`,
      [orderId, userId, extras.declaredValueCents, extras.insuranceCents, extras.signature, extras.signatureCents],
    );
  }

  async ofOrder(orderId: string): Promise<ExtrasPrice | null> {
    const rows = await this.orm.em.getConnection().execute<ExtrasRow[]>(
      `select "declared_value_cents", "insurance_cents", "signature", "signature_cents" from ${this.table} where "order_id" = ?`,
      [orderId],
    );
    return rows[0] ? toExtras(rows[0]) : null;
  }
}
