import { Controller } from '@nestjs/common';
import { ClaimsRpc, type Caller, type Claim, type ClaimsList, type InsuredLabels, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, foundInScope, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { keyModeOf, listedMode } from '../common';
import { claimOnWire, ClaimsRepository } from './claims.repository';
import { FileClaimUseCase } from './file-claim.usecase';

type Req<K extends keyof typeof ClaimsRpc> = ParsedRequestOf<(typeof ClaimsRpc)[K]>;

/** Insurance claims over the transport: each handler checks the caller, then calls one use case or query. */
@Controller()
export class ClaimsController {
  constructor(
    private readonly fileClaim: FileClaimUseCase,
    private readonly claims: ClaimsRepository,
  ) {}

  @RpcHandler(ClaimsRpc.file)
  file(@CurrentCaller() caller: Caller, @RpcPayload(ClaimsRpc.file) body: Req<'file'>): Promise<Claim> {
    const { orderId, ...claim } = body;
    return this.fileClaim.execute(caller, orderId, claim);
  }

  @RpcHandler(ClaimsRpc.list)
  async list(@CurrentCaller() caller: Caller, @RpcPayload(ClaimsRpc.list) body: Req<'list'>): Promise<ClaimsList> {
    // A key lists its own mode's claims (decision 124); a session (the web app) the mode its Test mode switch asks (decision 127).
    return { claims: (await this.claims.listOf(body.userId, listedMode(caller, body.mode))).map(claimOnWire) };
  }

  @RpcHandler(ClaimsRpc.get)
  async get(@CurrentCaller() caller: Caller, @RpcPayload(ClaimsRpc.get) body: Req<'get'>): Promise<Claim> {
    const scope = ownerScopeOf(caller);
    return claimOnWire(foundInScope(await this.claims.get(body.claimId, scope, keyModeOf(caller)), scope, 'Claim not found'));
  }

  @RpcHandler(ClaimsRpc.insuredLabels)
  async insuredLabels(@CurrentCaller() caller: Caller, @RpcPayload(ClaimsRpc.insuredLabels) body: Req<'insuredLabels'>): Promise<InsuredLabels> {
    return { labels: await this.claims.insuredLabelsOf(body.userId, listedMode(caller, body.mode)) };
  }
}
