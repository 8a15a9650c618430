import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  alreadyShippedLeftOutMessage,
  bulkMaxFileBytes,
  bulkRowCustomsRefusal,
  customsRequiredFor,
  DomainError,
  ErrorCode,
  insufficientBalanceMessage,
  PaymentsRpc,
  type OrdersRpc,
  type ParsedRequestOf,
  type ResponseOf,
  tooManyBulkRowsMessage,
  type BulkLimits,
  type BulkRowsResponse,
  type ApiMode,
} from '@labeldesk/contracts';
import { foundInScope, RpcClient, type OwnerScope } from '@labeldesk/nest-transport';
import { ORDERS_ENV, type OrdersEnv } from '../../config';
import { leaveOutShipped, markShippedRows } from '../already-shipped';
import { BULK_ORDER_NOT_FOUND } from '../batch-in-scope';
import { BulkWorkSignal } from '../bulk-work.signal';
import { holdOf, isHoldRefusal } from '../hold-refusal';
import { BulkProgressPublisher } from '../bulk-progress.publisher';
import { BulkOrdersRepository } from '../bulk-orders.repository';
import { BulkStagingRepository } from '../bulk-staging.repository';
import { BulkRoundsRepository } from '../bulk-rounds.repository';
import type { BulkOrderRow, NewBulkItem, StagedRowSummary } from '../bulk.rows';
import { BulkRowPricer, rowsRefused, type PricedRows } from '../pricing/bulk-row-pricer';
import { insureRows, insuringCarriers } from '../pricing/row-insurance';

type StageRequest = ParsedRequestOf<typeof OrdersRpc.bulkStage>;
type ProcessRequest = ParsedRequestOf<typeof OrdersRpc.bulkProcess>;
type ProcessResponse = ResponseOf<typeof OrdersRpc.bulkProcess>;

/**
 * Takes a batch from draft to buying. Before anything is bought every row is checked against the services the
 * user may buy and priced, and the total is held on the balance; a batch that fails any of it is refused whole:
 * no hold, no item, the draft left as it was.
 */
@Injectable()
export class SubmitBulkOrderUseCase {
  private readonly logger = new Logger(SubmitBulkOrderUseCase.name);

  constructor(
    private readonly batches: BulkOrdersRepository,
    private readonly staging: BulkStagingRepository,
    private readonly rounds: BulkRoundsRepository,
    private readonly rpc: RpcClient,
    private readonly work: BulkWorkSignal,
    private readonly progress: BulkProgressPublisher,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'BULK_MAX_ROWS' | 'CARRIERS'>,
    private readonly pricer: BulkRowPricer,
  ) {}

  limits(): BulkLimits {
    return { maxRows: this.env.BULK_MAX_ROWS, maxFileBytes: bulkMaxFileBytes(this.env.BULK_MAX_ROWS) };
  }

  /** `mode`: the staging caller's (a test key stages a test batch), whose batches alone mark an order shipped (decision 127). */
  async stage(request: StageRequest, mode: ApiMode = 'live'): Promise<BulkRowsResponse> {
    if (request.firstRow + request.rows.length > this.env.BULK_MAX_ROWS) throw new DomainError(ErrorCode.VALIDATION_FAILED, tooManyBulkRowsMessage(this.env.BULK_MAX_ROWS));
    if (await this.staging.stage(request.orderId, request.userId, request.firstRow, request.rows)) {
      const alreadyShipped = await markShippedRows(request.firstRow, request.rows, (ids) => this.staging.shippedOrders(request.userId, ids, mode));
      return { staged: request.rows.length, alreadyShipped };
    }
    // A batch already submitted takes no more rows; the submission that follows answers that batch (a double click).
    await this.usersBatch(request);
    return { staged: 0 };
  }

  async process(request: ProcessRequest): Promise<ProcessResponse> {
    const batch = await this.usersBatch(request);
    if (batch.status !== 'draft') return answer(batch);

    const { items, savedCents, holdCents, leftOut } = await this.checkAndPrice(request, batch.mode).catch(async (error: unknown) => {
      await this.staging.dropStaged(request.orderId);
      throw error;
    });
    const holdId = `bulk:${request.orderId}:1`;
    if (!(await this.rounds.startFirstRound(request.orderId, items, request.options, holdId, holdCents, savedCents))) {
      return answer((await this.batches.find(request.orderId)) ?? batch);
    }
    if (holdCents > 0) {
      try {
        await this.rpc.call(PaymentsRpc.placeHold, { ...holdOf(batch), holdId, amountCents: holdCents, reference: `bulk order ${request.orderId}` }, { asService: true });
      } catch (error) {
        if (isHoldRefusal(error)) {
          await this.rounds.undoFirstRound(request.orderId);
          throw error;
        }
        // No clear answer: the hold may exist. The batch stays and the engine places the hold again (same id) before buying.
        this.logger.warn(`hold for bulk ${request.orderId} unclear, the engine will settle it: ${String(error)}`);
      }
    }
    const started = await this.batches.find(request.orderId);
    if (started) this.progress.publish(started);
    this.work.announce(request.orderId);
    const refused = items.filter((item) => item.refusal).length;
    const toBuy = items.length - refused;
    const uninsurable = items.filter((item) => item.refusal && item.uninsurable).length;
    const forCustoms = refused - uninsurable;
    return {
      message: `Bulk order accepted: ${toBuy} label(s) are being bought.${forCustoms > 0 ? ` ${forCustoms} row(s) failed for their customs.` : ''}${uninsurable > 0 ? ` ${uninsurable} row(s) failed: their service cannot be insured.` : ''}${leftOut > 0 ? ` ${alreadyShippedLeftOutMessage(leftOut)}.` : ''}`,
      orderId: request.orderId,
      status: 'processing',
      totalCount: items.length,
      costCents: holdCents,
      alreadyShippedCount: leftOut,
      ...(savedCents === null ? {} : { savedCents }),
    };
  }

  /**
   * The staged rows, checked and priced, and what the hold must be; refuses a balance that plainly cannot cover it.
   * Rows whose order ID already has a label are left out here, at submit, whatever the upload's marks said: a label
   * bought since (another tab, another batch) counts too.
   */
  /** The batch named, read as the user's the request names (the contract checked that user is the caller or an admin's). */
  private async usersBatch(request: { orderId: string; userId: string }): Promise<BulkOrderRow> {
    const scope: OwnerScope = { userId: request.userId };
    return foundInScope(await this.batches.findOwned(request.orderId, scope), scope, BULK_ORDER_NOT_FOUND);
  }

  private async checkAndPrice(request: ProcessRequest, mode: ApiMode): Promise<PricedRows & { holdCents: number; leftOut: number }> {
    if (request.rowCount > this.env.BULK_MAX_ROWS) throw new DomainError(ErrorCode.VALIDATION_FAILED, tooManyBulkRowsMessage(this.env.BULK_MAX_ROWS));
    const rows = await this.staging.stagedSummaries(request.orderId);
    const unlike = uploadMismatch(rows, request.rowCount);
    if (unlike) throw new DomainError(ErrorCode.VALIDATION_FAILED, `${unlike} Please submit the order again.`);
    const { kept, leftOut } = await leaveOutShipped(rows, (ids) => this.staging.shippedOrders(request.userId, ids, mode));
    if (kept.length === 0) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `${alreadyShippedLeftOutMessage(leftOut)}, so nothing was bought. Tick "Buy another label" on a row to ship it again.`);
    }
    const priced = await this.pricer.price({ userId: request.userId, orderId: request.orderId, rateRule: request.options.rateRule, mode }, kept);
    // A row whose customs break its receiver's rules is kept as failed, with its reason, and not held (decision 100).
    const refusals = await this.customsRefusals(request.orderId, kept);
    const declared = customsChecked(priced.items, refusals);
    // Its insurance fee is added to an insured row's price; a row whose service cannot be insured fails alone (decision 122).
    const items = insureRows(declared, new Map(kept.map((row) => [row.rowNo, row.declaredValueCents])), insuringCarriers(mode, this.env.CARRIERS));
    if (items.every((item) => item.refusal)) {
      throw rowsRefused(items.map((item) => ({ path: `orderData.${item.rowNo}.${item.uninsurable ? 'insurance' : 'customs'}`, message: `Row ${item.rowNo + 1}: ${item.refusal ?? ''}` })));
    }
    const { savedCents } = priced;
    const holdCents = items.reduce((sum, item) => sum + (item.refusal ? 0 : item.priceCents), 0);
    // A batch the balance plainly cannot cover is refused before thousands of rows are written (the hold decides).
    // A test batch is held on, so checked against, the test balance (decision 124).
    const { balanceCents } = await this.rpc.call(PaymentsRpc.accountSummary, { ...holdOf({ user_id: request.userId, mode }) }, { asService: true });
    if (balanceCents < holdCents) throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, insufficientBalanceMessage('this order', holdCents, balanceCents));
    return { items, savedCents, holdCents, leftOut };
  }

  /** The customs refusal of each row that needs customs, by row: only those rows' receivers and declarations are read. */
  private async customsRefusals(orderId: string, rows: readonly StagedRowSummary[]): Promise<Map<number, string>> {
    const abroad = rows.filter((row) => row.receiver && customsRequiredFor(row.receiver)).map((row) => row.rowNo);
    const refusals = new Map<number, string>();
    if (abroad.length === 0) return refusals;
    for (const [rowNo, row] of await this.staging.stagedCustoms(orderId, abroad)) {
      const refusal = bulkRowCustomsRefusal(row);
      if (refusal) refusals.set(rowNo, refusal);
    }
    return refusals;
  }
}

/** The priced rows, those whose customs break their receiver's rules refused with the reason (decision 100). */
const customsChecked = (items: readonly NewBulkItem[], refusals: ReadonlyMap<number, string>): NewBulkItem[] =>
  items.map((item) => (refusals.has(item.rowNo) ? { ...item, refusal: refusals.get(item.rowNo) ?? null } : item));

/**
 * Rows are uploaded in slices from row 0 on: anything but rows 0 … rowCount - 1 means a slice went missing or the
 * count is not the upload's. Answers what is wrong, or null.
 */
export const uploadMismatch = (rows: readonly StagedRowSummary[], rowCount: number): string | null => {
  if (rows.length > rowCount) return `${rows.length.toLocaleString('en-US')} rows arrived, more than the ${rowCount.toLocaleString('en-US')} submitted.`;
  const gap = rows.findIndex((row, i) => row.rowNo !== i);
  if (gap >= 0) return `Row ${(gap + 1).toLocaleString('en-US')} of ${rowCount.toLocaleString('en-US')} did not arrive.`;
  if (rows.length < rowCount) return `Only ${rows.length.toLocaleString('en-US')} of ${rowCount.toLocaleString('en-US')} rows arrived.`;
  return null;
};

const answer = (batch: BulkOrderRow): ProcessResponse => ({
  message: batch.status === 'draft' ? 'Bulk order not submitted yet' : 'This bulk order was already submitted',
  orderId: batch.id,
  status: batch.status,
  totalCount: batch.total_count,
  costCents: Number(batch.quoted_cents),
  ...(batch.quoted_saved_cents == null ? {} : { savedCents: Number(batch.quoted_saved_cents) }),
});
