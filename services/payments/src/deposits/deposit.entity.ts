import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { DepositStatus, PaymentProviderKind } from '@labeldesk/contracts';

@Entity({ tableName: 'deposits' })
export class DepositEntity {
  /** Sent to the provider as the invoice's orderId. */
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  @Property({ type: 'bigint', runtimeType: 'number', columnType: 'bigint' }) amountCents!: number;
  @Property({ type: 'text' }) currency = 'USD';
  @Property({ type: 'text' }) provider!: PaymentProviderKind;
  @Property({ type: 'text' }) status: DepositStatus = 'Creating';
  @Property({ type: 'text', nullable: true }) additionalStatus: string | null = null;
  @Property({ type: 'text', nullable: true }) invoiceId: string | null = null;
  @Property({ type: 'boolean' }) credited = false;
  @Property({ type: 'boolean' }) reversed = false;
  @Property({ type: 'text', nullable: true }) note: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz' }) updatedAt: Date = new Date();
}
