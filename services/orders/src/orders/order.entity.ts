import { Entity, PrimaryKey, Property } from '@mikro-orm/postgresql';
import type { ApiMode, OrderStatus, SingleOrder } from '@labeldesk/contracts';
import type { CarrierId, LabelFormat } from '../carriers';

@Entity({ tableName: 'orders' })
export class OrderEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property({ type: 'uuid' }) userId!: string;
  /** From the client (Idempotency-Key): the same key from the same user is the same order. */
  @Property({ type: 'text' }) idempotencyKey!: string;
  /** A key reused for a different order is refused, never answered with the first order. */
  @Property({ type: 'text' }) requestHash!: string;
  @Property({ type: 'text' }) status: OrderStatus = 'pending';
  @Property({ type: 'text' }) serviceName!: string;
  @Property({ type: 'text', nullable: true }) serviceUid: string | null = null;
  @Property({ type: 'text' }) courier = 'usps';
  @Property({ type: 'json' }) sender!: SingleOrder['sender'];
  @Property({ type: 'json' }) receiver!: SingleOrder['receiver'];
  @Property({ type: 'json' }) package!: SingleOrder['package'];
  /** Fixed at the first quote so a resumed order charges the same amount. */
  @Property({ type: 'integer', nullable: true }) priceCents: number | null = null;
  /**
   * Which try this is. A cancelled order was refunded (or never charged), so trying it again must post new
   * ledger keys; resuming a pending order keeps its attempt and so its keys.
   */
  @Property({ type: 'integer' }) attempt = 1;
  @Property({ type: 'text', nullable: true }) trackingNumber: string | null = null;
  /**
   * The bought label's file, PDF or ZPL (`labelFormat`), and its name: the wire's `pdfName`. The columns keep their old
   * names because renaming one in place breaks the previous release's replicas still running during a rolling update:
   * the label names are code-only.
   */
  @Property({ type: 'uuid', nullable: true, fieldName: 'pdf_file_id' }) labelFileId: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'pdf_name' }) labelName: string | null = null;
  @Property({ type: 'text', nullable: true }) failureReason: string | null = null;
  /** Which carrier sold the label and what it cost us (written with the label; null for labels bought before they were recorded). */
  @Property({ type: 'text', nullable: true }) carrier: CarrierId | null = null;
  @Property({ type: 'integer', nullable: true }) costCents: number | null = null;
  /** The label file asked for when the order was placed, then the one bought (the same); null on orders from before. */
  @Property({ type: 'text', nullable: true }) labelFormat: LabelFormat | null = null;
  /** The integrator's own reference and data (the public API v1, decision 103); null on orders placed without. */
  @Property({ type: 'text', nullable: true }) reference: string | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, string> | null = null;
  /** Test for a label bought with a test key: the sandbox carrier and the test balance (decision 119). */
  @Property({ type: 'text' }) mode: ApiMode = 'live';
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
