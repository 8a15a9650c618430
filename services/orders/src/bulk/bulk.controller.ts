import { Controller } from '@nestjs/common';
import { modeOf, OrdersRpc, SAME_RECEIVER_HOURS, type BatchVoids, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { keyModeOf, listedMode } from '../common';
import { batchInScope } from './batch-in-scope';
import { toBulkOrder } from './bulk-order.mapper';
import { BulkOrdersRepository } from './bulk-orders.repository';
import { BulkStagingRepository } from './bulk-staging.repository';
import type { BulkOrderRow } from './bulk.rows';
import { RegenerateFilesUseCase } from './usecases/regenerate-files.usecase';
import { RetryFailedLabelsUseCase } from './usecases/retry-failed-labels.usecase';
import { SubmitBulkOrderUseCase } from './usecases/submit-bulk-order.usecase';

type Req<K extends keyof typeof OrdersRpc> = ParsedRequestOf<(typeof OrdersRpc)[K]>;

/** Bulk orders over the transport: each handler checks the caller, then calls one use case or one query. */
@Controller()
export class BulkController {
  constructor(
    private readonly batches: BulkOrdersRepository,
    private readonly staging: BulkStagingRepository,
    private readonly submit: SubmitBulkOrderUseCase,
    private readonly retry: RetryFailedLabelsUseCase,
    private readonly regenerate: RegenerateFilesUseCase,
  ) {}

  @RpcHandler(OrdersRpc.bulkLimits)
  limits(@CurrentCaller() _signedIn: Caller) {
    return this.submit.limits();
  }

  @RpcHandler(OrdersRpc.bulkInit)
  async init(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkInit) body: Req<'bulkInit'>) {
    // A test key's batch is a test batch (decision 124): bought from the sandbox, held on the test balance.
    return { orderId: await this.batches.createDraft(body.userId, body.orderId, modeOf(caller)) };
  }

  /** The same for a test-mode caller, on a subject only this release serves (decision 124). */
  @RpcHandler(OrdersRpc.bulkInitInTestMode)
  initInTestMode(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkInitInTestMode) body: Req<'bulkInitInTestMode'>) {
    return this.init(caller, body);
  }

  @RpcHandler(OrdersRpc.bulkStage)
  async stage(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkStage) body: Req<'bulkStage'>) {
    await this.ownMode(caller, body.orderId);
    return this.submit.stage(body, modeOf(caller));
  }

  @RpcHandler(OrdersRpc.bulkShipped)
  async shipped(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkShipped) body: Req<'bulkShipped'>) {
    // The web app's Bulk Order (a session) makes live batches: live labels mark its orders shipped; a key's, its mode's.
    return { shipped: await this.staging.shippedOrders(body.userId, body.orderIds, listedMode(caller, undefined)) };
  }

  @RpcHandler(OrdersRpc.sameReceiverLabel)
  async sameReceiver(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.sameReceiverLabel) body: Req<'sameReceiverLabel'>) {
    const { userId, ...receiver } = body;
    return { label: await this.staging.sameReceiverLabel(userId, receiver, SAME_RECEIVER_HOURS) };
  }

  @RpcHandler(OrdersRpc.bulkProcess)
  async process(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkProcess) body: Req<'bulkProcess'>) {
    await this.ownMode(caller, body.orderId);
    return this.submit.process(body);
  }

  @RpcHandler(OrdersRpc.bulkProcessInTestMode)
  processInTestMode(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkProcessInTestMode) body: Req<'bulkProcessInTestMode'>) {
    return this.process(caller, body);
  }

  @RpcHandler(OrdersRpc.bulkList)
  async list(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkList) body: Req<'bulkList'>) {
    // A key lists its own mode's batches (decision 124); the web app's session the mode its Test mode switch asks (decision 127).
    const { rows, total } = await this.batches.listForUser(body.userId, body.page, body.limit, listedMode(caller, body.mode));
    const voids = await this.batches.voidsOf(rows.map((row) => row.id));
    return { bulkOrders: await Promise.all(rows.map((row) => this.view(row, voids))), totalCount: total };
  }

  @RpcHandler(OrdersRpc.bulkGet)
  async get(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkGet) body: Req<'bulkGet'>) {
    // A draft is found too, so a client may join its progress room before submitting it.
    return this.view(await batchInScope(this.batches, caller, body.orderId));
  }

  @RpcHandler(OrdersRpc.bulkActive)
  async active(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkActive) body: Req<'bulkActive'>) {
    const row = await this.batches.activeForUser(body.userId, keyModeOf(caller) ?? 'live');
    return { bulkOrder: row ? await this.view(row) : null };
  }

  @RpcHandler(OrdersRpc.bulkRetryFailed)
  retryFailed(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkRetryFailed) body: Req<'bulkRetryFailed'>) {
    return this.retry.execute(caller, body.orderId);
  }

  @RpcHandler(OrdersRpc.bulkRecover)
  recover(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.bulkRecover) body: Req<'bulkRecover'>) {
    return this.regenerate.execute(caller, body.orderId);
  }

  /** A key stages and submits only a batch of its own mode (decision 124): another mode's is not found, as another user's. */
  private async ownMode(caller: Caller, orderId: string): Promise<void> {
    if (keyModeOf(caller) !== undefined) await batchInScope(this.batches, caller, orderId);
  }

  private async view(row: BulkOrderRow, voids?: ReadonlyMap<string, BatchVoids>) {
    const voidsOfRow = voids ? voids.get(row.id) : (await this.batches.voidsOf([row.id])).get(row.id);
    return toBulkOrder(row, row.failed_count > 0 ? await this.batches.failedItems(row.id) : [], voidsOfRow);
  }
}
