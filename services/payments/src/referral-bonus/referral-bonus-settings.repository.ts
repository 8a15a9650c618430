import { Inject, Injectable } from '@nestjs/common';
import type { ReferralBonusRecipients, ReferralBonusSettings } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';

interface Row {
  amount_cents: number;
  recipients: ReferralBonusRecipients;
  minimum_first_top_up_cents: number;
}

const toSettings = (row: Row): ReferralBonusSettings => ({
  amountCents: Number(row.amount_cents),
  recipients: row.recipients,
  minimumFirstTopUpCents: Number(row.minimum_first_top_up_cents),
});

/** The one row of referral bonus settings (migration 007 writes it, off). */
@Injectable()
export class ReferralBonusSettingsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(): string {
    return schemaTable(this.orm, 'referral_bonus_settings');
  }

  async get(): Promise<ReferralBonusSettings> {
    const [row] = await this.orm.em.fork().execute<Row[]>(`select "amount_cents", "recipients", "minimum_first_top_up_cents" from ${this.t()} where "id" = 1`);
    if (!row) throw new Error('referral_bonus_settings has no row: migration 007 writes it');
    return toSettings(row);
  }

  async set(settings: ReferralBonusSettings, adminId: string): Promise<ReferralBonusSettings> {
    const [row] = await this.orm.em.fork().execute<Row[]>(
      `update ${this.t()} set "amount_cents" = ?, "recipients" = ?, "minimum_first_top_up_cents" = ?, "updated_by" = ?, "updated_at" = now()
        where "id" = 1 returning "amount_cents", "recipients", "minimum_first_top_up_cents"`,
      [settings.amountCents, settings.recipients, settings.minimumFirstTopUpCents, adminId],
    );
    if (!row) throw new Error('referral_bonus_settings has no row: migration 007 writes it');
    return toSettings(row);
  }
}
