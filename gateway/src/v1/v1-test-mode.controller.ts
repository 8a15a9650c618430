import { Body, Controller, Headers, Post } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { TestModeReady } from '../auth/test-mode';
import { ApiDoc } from '../docs/api-doc.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { signedIn } from './signed-in';
import { StrictBody } from './strict-body.pipe';
import { v1BalanceSchema, v1TestTopUpBodySchema, type V1Balance } from './v1.schemas';

export const TEST_TOP_UP_LIVE = 'Only a test key (ld_test_…) tops up the test balance: live money comes from a deposit on the Account page';
export const TEST_TOP_UP_KEY_REQUIRED = 'Send an Idempotency-Key header (8 to 200 letters, digits or -_.:) unique to this top-up: a retry with it adds nothing twice';

/**
 * Test mode's play money (decision 110): a test key adds to its test balance, never the live one, under its
 * Idempotency-Key; a live credential is refused before anything is asked, so a live account can never be credited here.
 */
@CountsSessions()
@Controller('v1/balance')
export class V1TestModeController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: 'Test keys only: add play money to your test balance (Idempotency-Key required; never a live balance, never a payment)',
    body: v1TestTopUpBodySchema,
    response: v1BalanceSchema,
    errors: [ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH],
  })
  @Forwards(PaymentsRpc.testTopUp)
  @TestModeReady()
  @Post('test-top-up')
  async testTopUp(
    @Body(new StrictBody(v1TestTopUpBodySchema)) body: z.output<typeof v1TestTopUpBodySchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Headers('idempotency-key') sentKey: string | undefined,
    @Ctx() ctx: CallContext,
  ): Promise<V1Balance> {
    const caller = signedIn(ctx);
    if (caller.mode !== 'test') throw new DomainError(ErrorCode.FORBIDDEN, TEST_TOP_UP_LIVE);
    if (!sentKey) throw new DomainError(ErrorCode.VALIDATION_FAILED, TEST_TOP_UP_KEY_REQUIRED, [{ path: 'Idempotency-Key', message: TEST_TOP_UP_KEY_REQUIRED }]);
    const account = await this.rpc.call(PaymentsRpc.testTopUp, { userId: caller.userId, amountCents: body.amount_cents, idempotencyKey }, ctx);
    return { available_cents: account.balanceCents, held_cents: account.heldCents };
  }
}
