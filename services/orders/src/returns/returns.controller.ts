import { Controller } from '@nestjs/common';
import { DomainError, ReturnsRpc, type ApiMode, type BulkReturns, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { keyModeOf, listedMode } from '../orders';
import { CurrentCaller, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { MakeReturnUseCase } from './make-return.usecase';
import { ReturnLabelsRepository } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { ReturnLinksUseCase } from './return-links.usecase';
import { isBought, toReturnLabel } from './return-label.mapper';
import { VoidReturnUseCase } from './void-return.usecase';

type Req<K extends keyof typeof ReturnsRpc> = ParsedRequestOf<(typeof ReturnsRpc)[K]>;

/**
 * Test returns are listed apart (decision 125): a key lists its own mode's; a session the mode it asks for, live when
 * it asks none, unless it names orders (their returns, whatever mode the orders are).
 */
const listedReturnMode = (caller: Caller, asked: ApiMode | undefined, ofOrders: boolean): ApiMode | undefined =>
  keyModeOf(caller) !== undefined || asked !== undefined || !ofOrders ? listedMode(caller, asked) : undefined;

/** Return labels over the transport (decision 101): the seller's (quote, make, list, links) and the buyer's page. */
@Controller()
export class ReturnsController {
  constructor(
    private readonly make: MakeReturnUseCase,
    private readonly linksUseCase: ReturnLinksUseCase,
    private readonly returns: ReturnLabelsRepository,
    private readonly links: ReturnLinksRepository,
    private readonly voids: VoidReturnUseCase,
  ) {}

  @RpcHandler(ReturnsRpc.quote)
  quote(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.quote) body: Req<'quote'>) {
    return this.make.quote(caller, body.orderId, body.carrier);
  }

  @RpcHandler(ReturnsRpc.create)
  create(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.create) body: Req<'create'>) {
    return this.make.create(caller, body.orderId, body.again, body.carrier);
  }

  /** One order after the other (each is a purchase); one order's refusal is its answer, not the batch's. */
  @RpcHandler(ReturnsRpc.createMany)
  async createMany(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.createMany) body: Req<'createMany'>): Promise<BulkReturns> {
    const results: BulkReturns['results'] = [];
    for (const orderId of new Set(body.orderIds)) {
      try {
        const made = await this.make.create(caller, orderId, body.again);
        results.push({ orderId, outcome: made.created ? 'made' : 'existing', returnLabel: made.returnLabel });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ orderId, outcome: 'refused', message: error.message });
      }
    }
    return { results };
  }

  @RpcHandler(ReturnsRpc.list)
  async list(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.list) body: Req<'list'>) {
    const rows = (await this.returns.list(ownerScopeOf(caller), body.orderIds, listedReturnMode(caller, body.mode, body.orderIds !== undefined))).filter(isBought);
    const links = await this.links.latestOf(rows.map((row) => row.id));
    return { returns: rows.map((row) => toReturnLabel(row, links.get(row.id))) };
  }

  @RpcHandler(ReturnsRpc.issueLink)
  issueLink(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.issueLink) body: Req<'issueLink'>) {
    return this.linksUseCase.issue(caller, body.returnId);
  }

  @RpcHandler(ReturnsRpc.revokeLink)
  revokeLink(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.revokeLink) body: Req<'revokeLink'>) {
    return this.linksUseCase.revoke(caller, body.returnId);
  }

  @RpcHandler(ReturnsRpc.fileChunk)
  fileChunk(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.fileChunk) body: Req<'fileChunk'>) {
    return this.linksUseCase.ownerChunk(caller, body.returnId, body.offset, body.length);
  }

  @RpcHandler(ReturnsRpc.void)
  voidReturn(@CurrentCaller() caller: Caller, @RpcPayload(ReturnsRpc.void) body: Req<'void'>) {
    return this.voids.void(caller, body.returnId);
  }

  @RpcHandler(ReturnsRpc.publicReturn)
  publicReturn(@RpcPayload(ReturnsRpc.publicReturn) body: Req<'publicReturn'>) {
    return this.linksUseCase.publicReturn(body.token);
  }

  @RpcHandler(ReturnsRpc.publicFileChunk)
  publicFileChunk(@RpcPayload(ReturnsRpc.publicFileChunk) body: Req<'publicFileChunk'>) {
    return this.linksUseCase.publicChunk(body.token, body.offset, body.length);
  }
}
