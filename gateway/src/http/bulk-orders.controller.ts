import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, type PipeTransform } from '@nestjs/common';
import {
  activeBulkOrderResponseSchema,
  BULK_TEMPLATE_COLUMNS,
  bulkInitBodySchema,
  bulkInitResponseSchema,
  bulkLimitsSchema,
  bulkOrderSchema,
  bulkOrdersPageSchema,
  bulkOrdersQuerySchema,
  bulkProcessBodySchema,
  bulkProcessResponseSchema,
  bulkRecoverResponseSchema,
  bulkRetryResponseSchema,
  bulkRowsBodySchema,
  bulkRowsResponseSchema,
  bulkSubmitBodySchema,
  OrdersRpc,
  sameReceiverBodySchema,
  sameReceiverResponseSchema,
  shippedLookupBodySchema,
  shippedLookupResponseSchema,
  validationError,
  type ActiveBulkOrderResponse,
  type BulkInitResponse,
  type BulkLimits,
  type BulkOrder,
  type BulkOrdersPage,
  type BulkProcessBody,
  type BulkProcessResponse,
  type BulkRecoverResponse,
  type BulkRetryResponse,
  type BulkRowsBody as BulkRowsBodyType,
  type BulkRowsResponse,
  type BulkSubmitBody,
  type BulkTemplateColumn,
  type SameReceiverResponse,
  type ShippedLookupBody,
  type ShippedLookupResponse,
  type ShippedRow,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { rowIssues } from './row-issues';
import { stageBulkRows } from './bulk-rows';
import { ZodBody } from './zod-body.pipe';
import { Forwards, SignedIn } from '../auth/access.decorators';
import { TestKeysUse } from '../auth/test-mode';

/** A batch of labels is bought while the reply waits only for the checks and the hold. */
const PROCESS_TIMEOUT_MS = 60_000;
/** Retry waits for the failed labels to be bought again (the reply carries the final counts, spec 7). */
const RETRY_TIMEOUT_MS = 120_000;
const RECOVER_TIMEOUT_MS = 180_000;

/** The spec's example row of the template, one per column. */
const TEMPLATE_EXAMPLE: Record<BulkTemplateColumn, string> = {
  orderId: '114-1234567-1234567', orderItemId: '12345678901234', skuNumber: 'MUG-1', quantity: '1', courier: 'usps', ServiceName: 'USPS Priority Mail',
  FromSenderName: 'Ann Sender', FromCompany: 'Acme Goods', FromPhone: '555-111-2222', FromStreet1: '1 Main St', FromStreet2: '', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', FromCountry: 'US',
  ToRecipientName: 'Bob Receiver', ToCompany: '', ToPhone: '', ToStreet1: '200 Pine Ave', ToStreet2: 'Apt 4', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101', ToCountry: 'US', ToEmail: '',
  PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2.5', PackageDescription: 'Mug', PackageReference1: '1', PackageReference2: 'MUG-1',
  // Customs columns (decision 116): empty for a row at home, or abroad when its SKU gives them.
  ContentsType: '', CustomsDescription: '', CustomsHsCode: '', CustomsOrigin: '', CustomsValue: '',
  // The value to insure (decision 122), in dollars; empty: the SKU's declared value, or not insured.
  DeclaredValue: '',
};

class BulkBody implements PipeTransform<unknown, BulkProcessBody> {
  readonly schema = bulkProcessBodySchema;

  transform(value: unknown): BulkProcessBody {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    throw rowIssues(validationError(parsed.error), 0);
  }
}

class BulkRowsBody implements PipeTransform<unknown, BulkRowsBodyType> {
  readonly schema = bulkRowsBodySchema;

  transform(value: unknown): BulkRowsBodyType {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const firstRow = (value as { firstRow?: unknown } | null)?.firstRow;
    throw rowIssues(validationError(parsed.error), typeof firstRow === 'number' && Number.isSafeInteger(firstRow) && firstRow >= 0 ? firstRow : 0);
  }
}

/** Spec 7, bulk routes. Ownership of `{userId}` is checked by the guard, of `{orderId}` by the orders service. */
/** The route a test key buys batches on (decision 127): the web app's Bulk Order routes make and submit live batches only. */
const V1_BATCHES = 'POST /api/v1/batches';

@Controller('orders')
export class BulkOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'The bulk CSV template (header and one example row)' })
  @SignedIn()
  @Get('file/template')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="Bulk_Template.csv"')
  template(): string {
    const line = (cells: readonly string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    return `${line(BULK_TEMPLATE_COLUMNS)}\r\n${line(BULK_TEMPLATE_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c]))}\r\n`;
  }

  @ApiDoc({ summary: 'The rows a bulk order may hold here and the largest file the page reads for them', response: bulkLimitsSchema })
  @Forwards(OrdersRpc.bulkLimits)
  @Get('bulk/limits')
  limits(@Ctx() ctx: CallContext): Promise<BulkLimits> {
    return this.rpc.call(OrdersRpc.bulkLimits, {}, ctx);
  }

  @ApiDoc({ summary: 'Start a bulk order: an id for the batch about to be submitted', body: bulkInitBodySchema, response: bulkInitResponseSchema })
  @Forwards(OrdersRpc.bulkInit)
  @Post('bulk/init')
  @TestKeysUse(V1_BATCHES)
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
  @Forwards(OrdersRpc.bulkProcess)
  @Post('bulk/process/:userId')
  @TestKeysUse(V1_BATCHES)
  @HttpCode(200)
  async process(@Param('userId') userId: string, @Body(new BulkBody()) body: BulkProcessBody, @Ctx() ctx: CallContext): Promise<BulkProcessResponse> {
    await stageBulkRows(this.rpc, { userId, orderId: body.orderId, firstRow: 0 }, body.orderData, ctx);
    return this.rpc.call(OrdersRpc.bulkProcess, { userId, orderId: body.orderId, rowCount: body.orderData.length, options: body.options }, { ...ctx, timeoutMs: PROCESS_TIMEOUT_MS });
  }

  /**
   * A batch too large for one body is uploaded in slices, in order from row 0 (row 0 starts the upload afresh), then
   * submitted with `bulk/submit`. Rows are checked here as `bulk/process` checks them; a slice sent again replaces itself.
   */
  @ApiDoc({ summary: 'Upload one slice of a bulk order\'s rows (up to 2,000; the batch up to bulk/limits\' maxRows), before bulk/submit', body: bulkRowsBodySchema, response: bulkRowsResponseSchema })
  @Forwards(OrdersRpc.bulkStage)
  @Post('bulk/rows/:userId')
  @TestKeysUse(V1_BATCHES)
  @HttpCode(200)
  async rows(@Param('userId') userId: string, @Body(new BulkRowsBody()) body: BulkRowsBodyType, @Ctx() ctx: CallContext): Promise<BulkRowsResponse> {
    const alreadyShipped: ShippedRow[] = [];
    const staged = await stageBulkRows(this.rpc, { userId, orderId: body.orderId, firstRow: body.firstRow }, body.orderData, ctx, alreadyShipped);
    // Named only when a row is marked: an upload of new orders answers as it always did.
    return alreadyShipped.length > 0 ? { staged, alreadyShipped: alreadyShipped.sort((a, b) => a.rowIndex - b.rowIndex) } : { staged };
  }

  /** Issue 47: the page marks a loaded file's rows whose order already has a label, before anything is submitted. */
  @ApiDoc({ summary: 'Which of these order IDs already have a label (up to 2,000 a call), with its date and tracking number', body: shippedLookupBodySchema, response: shippedLookupResponseSchema })
  @Forwards(OrdersRpc.bulkShipped)
  @Post('bulk/shipped/:userId')
  @HttpCode(200)
  shipped(@Param('userId') userId: string, @Body(new ZodBody(shippedLookupBodySchema)) body: ShippedLookupBody, @Ctx() ctx: CallContext): Promise<ShippedLookupResponse> {
    return this.rpc.call(OrdersRpc.bulkShipped, { userId, orderIds: body.orderIds }, ctx);
  }

  /** Issue 47, asked by the Order Label form before it buys: with the bulk look-up, as both guard against buying twice. */
  @ApiDoc({
    summary: 'The newest label of the last 24 hours to this receiver (name, street, ZIP) with these items, single or in a batch, to ask before buying another',
    body: sameReceiverBodySchema,
    response: sameReceiverResponseSchema,
  })
  @Forwards(OrdersRpc.sameReceiverLabel)
  @Post('same-receiver/:userId')
  @HttpCode(200)
  sameReceiver(
    @Param('userId') userId: string,
    @Body(new ZodBody(sameReceiverBodySchema)) body: z.output<typeof sameReceiverBodySchema>,
    @Ctx() ctx: CallContext,
  ): Promise<SameReceiverResponse> {
    return this.rpc.call(OrdersRpc.sameReceiverLabel, { userId, ...body }, ctx);
  }

  @ApiDoc({
    summary: 'Submit a bulk order whose rows were uploaded with bulk/rows: rows 0 … rowCount - 1, checked, priced and held as by bulk/process',
    body: bulkSubmitBodySchema,
    response: bulkProcessResponseSchema,
  })
  @Forwards(OrdersRpc.bulkProcess)
  @Post('bulk/submit/:userId')
  @TestKeysUse(V1_BATCHES)
  @HttpCode(200)
  submit(@Param('userId') userId: string, @Body(new ZodBody(bulkSubmitBodySchema)) body: BulkSubmitBody, @Ctx() ctx: CallContext): Promise<BulkProcessResponse> {
    return this.rpc.call(OrdersRpc.bulkProcess, { userId, orderId: body.orderId, rowCount: body.rowCount, options: body.options }, { ...ctx, timeoutMs: PROCESS_TIMEOUT_MS });
  }

  @ApiDoc({ summary: 'The user\'s batch still being worked on, if any', response: activeBulkOrderResponseSchema })
  @Forwards(OrdersRpc.bulkActive)
  @Get('bulk/active/:userId')
  active(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<ActiveBulkOrderResponse> {
    return this.rpc.call(OrdersRpc.bulkActive, { userId }, ctx);
  }

  @ApiDoc({ summary: 'One batch order', response: bulkOrderSchema })
  @Forwards(OrdersRpc.bulkGet)
  @Get('bulk/order/:orderId')
  one(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkOrder> {
    return this.rpc.call(OrdersRpc.bulkGet, { orderId }, ctx);
  }

  @ApiDoc({ summary: 'Batch orders, newest first (?page, ?limit=7): live ones, or those made in test mode with mode=test', query: bulkOrdersQuerySchema, response: bulkOrdersPageSchema })
  @Forwards(OrdersRpc.bulkList)
  @Get('bulk/:userId')
  list(@Param('userId') userId: string, @Query(new ZodBody(bulkOrdersQuerySchema)) query: z.output<typeof bulkOrdersQuerySchema>, @Ctx() ctx: CallContext): Promise<BulkOrdersPage> {
    return this.rpc.call(OrdersRpc.bulkList, { userId, ...query }, ctx);
  }

  @ApiDoc({ summary: 'Buy the failed labels of a batch again (400 when none failed)', response: bulkRetryResponseSchema })
  @Forwards(OrdersRpc.bulkRetryFailed)
  @Post('bulk/retry-failed/:orderId')
  @HttpCode(200)
  retryFailed(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkRetryResponse> {
    return this.rpc.call(OrdersRpc.bulkRetryFailed, { orderId }, { ...ctx, timeoutMs: RETRY_TIMEOUT_MS });
  }

  @ApiDoc({ summary: 'Rebuild a batch\'s three files', response: bulkRecoverResponseSchema })
  @Forwards(OrdersRpc.bulkRecover)
  @Post('bulk/recover/:orderId')
  @HttpCode(200)
  recover(@Param('orderId') orderId: string, @Ctx() ctx: CallContext): Promise<BulkRecoverResponse> {
    return this.rpc.call(OrdersRpc.bulkRecover, { orderId }, { ...ctx, timeoutMs: RECOVER_TIMEOUT_MS });
  }
}
