import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderInvoice } from '../payment-provider.port';
import { schemaTable } from '@labeldesk/nest-orm';

interface TestInvoiceRow {
  id: string;
  deposit_id: string;
  amount_cents: string;
  currency: string;
  status: 'New' | 'Settled' | 'Expired';
  created_at: Date;
  expires_at: Date;
}

export const TEST_STORE_ID = 'test-store';

/**
 * The built-in provider of the embedded mode: invoices in our own table, paid by a button in the web app. It
 * behaves like BTCPay where it matters: our deposit id travels as orderId, and payment news arrives as a signed
 * webhook that goes through the same verification and crediting code.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test' as const;
  readonly storeId = TEST_STORE_ID;
  readonly checkoutScriptUrl = null;
  /** Known only to this process: the test provider signs its own webhooks and verifies them here. */
  readonly webhookSecret = randomBytes(32).toString('hex');

  constructor(private readonly orm: MikroORM) {}

  private get table(): string {
    return schemaTable(this.orm, 'test_invoices');
  }

  async createInvoice(request: Parameters<PaymentProvider['createInvoice']>[0]): Promise<ProviderInvoice> {
    const id = `test_${randomBytes(10).toString('hex')}`;
    const expiresAt = new Date(Date.now() + request.expirationMinutes * 60_000);
    await this.orm.em
      .fork()
      .execute(`insert into ${this.table} ("id", "deposit_id", "amount_cents", "currency", "status", "expires_at") values (?, ?, ?, ?, 'New', ?)`, [
        id,
        request.depositId,
        request.amountCents,
        request.currency,
        expiresAt,
      ]);
    return { id, storeId: this.storeId, amountCents: request.amountCents, currency: request.currency, status: 'New', additionalStatus: 'None', orderId: request.depositId };
  }

  async getInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const row = await this.row(invoiceId);
    return row ? this.toInvoice(row) : null;
  }

  async findByOrderId(orderId: string): Promise<ProviderInvoice[]> {
    const rows = await this.orm.em.fork().execute<TestInvoiceRow[]>(`select * from ${this.table} where "deposit_id" = ?`, [orderId]);
    return rows.map((row) => this.toInvoice(row));
  }

  async details(invoiceId: string): Promise<{ id: string; amountCents: number; status: 'New' | 'Settled' | 'Expired'; expiresAt: Date } | null> {
    const row = await this.row(invoiceId);
    if (!row) return null;
    return { id: row.id, amountCents: Number(row.amount_cents), status: this.effectiveStatus(row), expiresAt: new Date(row.expires_at) };
  }

  /** The "customer" pays or walks away; only an invoice still open can change. */
  async settle(invoiceId: string, outcome: 'paid' | 'expired'): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .execute<Array<{ id: string }>>(`update ${this.table} set "status" = ? where "id" = ? and "status" = 'New' and "expires_at" > now() returning "id"`, [
        outcome === 'paid' ? 'Settled' : 'Expired',
        invoiceId,
      ]);
    return rows.length > 0;
  }

  private async row(invoiceId: string): Promise<TestInvoiceRow | null> {
    const [row] = await this.orm.em.fork().execute<TestInvoiceRow[]>(`select * from ${this.table} where "id" = ?`, [invoiceId]);
    return row ?? null;
  }

  private effectiveStatus(row: TestInvoiceRow): 'New' | 'Settled' | 'Expired' {
    return row.status === 'New' && new Date(row.expires_at) <= new Date() ? 'Expired' : row.status;
  }

  private toInvoice(row: TestInvoiceRow): ProviderInvoice {
    return { id: row.id, storeId: this.storeId, amountCents: Number(row.amount_cents), currency: row.currency, status: this.effectiveStatus(row), additionalStatus: 'None', orderId: row.deposit_id };
  }
}
