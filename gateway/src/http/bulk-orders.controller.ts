import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, type PipeTransform } from '@nestjs/common';
import {
  activeBulkOrderResponseSchema,
  BULK_STAGE_ROWS,
  BULK_TEMPLATE_COLUMNS,
  bulkInitBodySchema,
  bulkInitResponseSchema,
  bulkOrderSchema,
  bulkOrdersPageSchema,
  bulkOrdersQuerySchema,
  bulkProcessBodySchema,
  bulkProcessResponseSchema,
  bulkRecoverResponseSchema,
  bulkRetryResponseSchema,
  DomainError,
  ErrorCode,
  OrdersRpc,
  validationError,
  type ActiveBulkOrderResponse,
  type BulkInitResponse,
  type BulkOrder,
  type BulkOrdersPage,
  type BulkProcessBody,
  type BulkProcessResponse,
  type BulkRecoverResponse,
  type BulkRetryResponse,
  type BulkTemplateColumn,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** A batch of labels is bought while the reply waits only for the checks and the hold. */
const PROCESS_TIMEOUT_MS = 60_000;
/** Retry waits for the failed labels to be bought again (the reply carries the final counts, spec 7). */
const RETRY_TIMEOUT_MS = 120_000;
const RECOVER_TIMEOUT_MS = 180_000;

/** The spec's example row of the template, one per column. */
const TEMPLATE_EXAMPLE: Record<BulkTemplateColumn, string> = {
  orderId: '114-1234567-1234567', orderItemId: '12345678901234', skuNumber: 'MUG-1', quantity: '1', courier: 'usps', ServiceName: 'USPS Priority Mail',
  FromSenderName: 'Ann Sender', FromCompany: 'Acme Goods', FromPhone: '555-111-2222', FromStreet1: '1 Main St', FromStreet2: '', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', FromCountry: 'US',
  ToRecipientName: 'Bob Receiver', ToCompany: '', ToPhone: '', ToStreet1: '200 Pine Ave', ToStreet2: 'Apt 4', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101', ToCountry: 'US',
  PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2.5', PackageDescription: 'Mug', PackageReference1: '1', PackageReference2: 'MUG-1',
};

/** Row errors of a whole batch: the message counts the rows, every issue names its row (`orderData.N.…`). */
class BulkBody implements PipeTransform<unknown, BulkProcessBody> {
  readonly schema = bulkProcessBodySchema;

  transform(value: unknown): BulkProcessBody {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const error = validationError(parsed.error);
    const rows = new Set((error.issues ?? []).map((i) => /^orderData\.(\d+)\./.exec(i.path)?.[1]).filter((r): r is string => r !== undefined));
    if (rows.size === 0) throw error;
    const first = error.issues?.find((i) => i.path.startsWith('orderData.'));
    const row = Number(/^orderData\.(\d+)\./.exec(first?.path ?? '')?.[1] ?? 0) + 1;
    throw new DomainError(ErrorCode.VALIDATION_FAILED, `${rows.size} row(s) have validation errors. Row ${row}: ${first?.message ?? ''}`, error.issues?.slice(0, 1000));
  }
}

/** Spec 7, bulk routes. Ownership of `{userId}` is checked by the guard, of `{orderId}` by the orders service. */
@Controller('orders')
export class BulkOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'The bulk CSV template (header and one example row)' })
  @Get('file/template')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="Bulk_Template.csv"')
  template(): string {
    const line = (cells: readonly string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    return `${line(BULK_TEMPLATE_COLUMNS)}\r\n${line(BULK_TEMPLATE_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c]))}\r\n`;
  }

  @ApiDoc({ summary: 'Start a bulk order: an id for the batch about to be submitted', body: bulkInitBodySchema, response: bulkInitResponseSchema })
  @Post('bulk/init')
  @HttpCode(200)
  async init(@Body() body: unknown, @Ctx() ctx: CallContext): Promise<BulkInitResponse> {
    const parsed = bulkInitBodySchema.safeParse(body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return this.rpc.call(OrdersRpc.bulkInit, { userId: parsed.data.userId }, ctx);
  }

  /**
   * Every row checked here and priced by orders before anything is bought; the total is held on the balance.
   * The rows go to orders in slices (NATS takes 1 MB a message).
   */
  @ApiDoc({ summary: 'Submit a bulk order: validate, price, hold the total, start buying (402 when the balance is short)', body: bulkProcessBodySchema, response: bulkProcessResponseSchema })
  @Post('bulk/process/:userId')
  @HttpCode(200)
  async process(@Param('userId') userId: string, @Body(new BulkBody()) body: BulkProcessBody, @Ctx() ctx: CallContext): Promise<BulkProcessResponse> {
    for (let firstRow = 0; firstRow < body.orderData.length; firstRow += BULK_STAGE_ROWS) {
      await this.rpc.call(OrdersRpc.bulkStage, { userId, orderId: body.orderId, firstRow, rows: body.orderData.slice(firstRow, firstRow + BULK_STAGE_ROWS) }, ctx);
    }
    return this.rpc.call(OrdersRpc.bulkProcess, { userId, orderId: body.orderId, rowCount: body.orderData.length, options: body.options }, { ...ctx, timeoutMs: PROCESS_TIMEOUT_MS });
  }

  @ApiDoc({ summary: 'The user\'s batch still being worked on, if any', response: activeBulkOrderResponseSchema })
  @Get('bulk/active/:userId')
  active(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<ActiveBulkOrderResponse> {
    return this.rpc.call(OrdersRpc.bulkActive, { userId }, ctx);
  }

  @ApiDoc({ summary: 'One batch order', response: bulkOrderSchema })
  @Get('bulk/order/:orderId')
  one(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkOrder> {
    return this.rpc.call(OrdersRpc.bulkGet, { orderId }, ctx);
  }

  @ApiDoc({ summary: 'Batch orders, newest first (?page, ?limit=7)', query: bulkOrdersQuerySchema, response: bulkOrdersPageSchema })
  @Get('bulk/:userId')
  list(@Param('userId') userId: string, @Query(new ZodBody(bulkOrdersQuerySchema)) query: z.output<typeof bulkOrdersQuerySchema>, @Ctx() ctx: CallContext): Promise<BulkOrdersPage> {
    return this.rpc.call(OrdersRpc.bulkList, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'Buy the failed labels of a batch again (400 when none failed)', response: bulkRetryResponseSchema })
  @Post('bulk/retry-failed/:orderId')
  @HttpCode(200)
  retryFailed(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkRetryResponse> {
    return this.rpc.call(OrdersRpc.bulkRetryFailed, { orderId }, { ...ctx, timeoutMs: RETRY_TIMEOUT_MS });
  }

  @ApiDoc({ summary: 'Rebuild a batch\'s three files', response: bulkRecoverResponseSchema })
  @Post('bulk/recover/:orderId')
  @HttpCode(200)
  recover(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkRecoverResponse> {
    return this.rpc.call(OrdersRpc.bulkRecover, { orderId }, { ...ctx, timeoutMs: RECOVER_TIMEOUT_MS });
  }
}
