import { Controller, Get, Query } from '@nestjs/common';
import { API_SCOPES, authMethodOf, DomainError, ErrorCode, modeOf, PaymentsRpc, type ApiMode, type ApiScope, type AuthUser, type Caller } from '@labeldesk/contracts';
import type { z } from 'zod';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards, SignedIn } from '../auth/access.decorators';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, CurrentAuthUser, type CallContext } from '../auth/request-context';
import { TestModeReady } from '../auth/test-mode';
import { ApiDoc } from '../docs/api-doc.decorator';
import { StrictBody } from './strict-body.pipe';
import { v1BalanceQuerySchema, v1BalanceSchema, v1MeSchema, type V1Balance, type V1Me } from './v1.schemas';

/** A key's scopes in the API's order (a newer release's unknown names left out); a session holds every scope. */
const scopesOf = (caller: Caller | null): ApiScope[] =>
  caller && authMethodOf(caller) === 'api_key' ? API_SCOPES.filter((scope) => (caller.scopes ?? []).includes(scope)) : [...API_SCOPES];

/** Which balance a caller reads: a key its own mode's (another named is 400 on `mode`), a session the one it asks. */
const balanceMode = (caller: Caller | null | undefined, asked: ApiMode | undefined): ApiMode => {
  if (!caller || authMethodOf(caller) !== 'api_key') return asked ?? 'live';
  const bound = modeOf(caller);
  if (asked !== undefined && asked !== bound) {
    const message = `mode=${asked} is not for this key: a ${bound} key (ld_${bound}_…) reads the ${bound} balance only`;
    throw new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'mode', message }]);
  }
  return bound;
};

/** Who the credential acts as, and their money (issue 48): the ids every other route of the spec asks for in its path. */
@CountsSessions()
@Controller('v1')
export class V1AccountController {
  constructor(private readonly rpc: RpcClient) {}

  /** Read with the least scope a key may hold for anything but webhooks: `labels:read`. */
  @ApiDoc({ summary: 'Who this credential acts as: your user id, name and e-mail, and what it may do (an API key\'s scopes)', response: v1MeSchema })
  @SignedIn('labels:read')
  @TestModeReady()
  @Get('me')
  me(@CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): V1Me {
    const caller = ctx.caller;
    return { id: user.id, name: user.name, email: user.email, role: user.role, auth_method: caller ? authMethodOf(caller) : 'session', scopes: scopesOf(caller ?? null), mode: caller ? modeOf(caller) : 'live' };
  }

  /**
   * The balance of the credential's mode (decision 110): a test key reads its test balance, never the live one. A
   * session reads either (`?mode=test`: the web app's Test mode switch, decision 124); a key naming the other mode is
   * refused naming the field, as the lists refuse it.
   */
  @ApiDoc({
    summary: 'Your balance: spendable cents, and cents held by batches in progress (a test key: the test balance; a session: the test balance with mode=test)',
    query: v1BalanceQuerySchema,
    response: v1BalanceSchema,
  })
  @Forwards(PaymentsRpc.accountSummary)
  @TestModeReady()
  @Get('balance')
  async balance(@Query(new StrictBody(v1BalanceQuerySchema)) query: z.output<typeof v1BalanceQuerySchema>, @CurrentAuthUser() user: AuthUser, @Ctx() ctx: CallContext): Promise<V1Balance> {
    const mode = balanceMode(ctx.caller, query.mode);
    const account = await this.rpc.call(PaymentsRpc.accountSummary, { userId: user.id, ...(mode === 'test' ? { mode } : {}) }, ctx);
    return { available_cents: account.balanceCents, held_cents: account.heldCents };
  }
}
