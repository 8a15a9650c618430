import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, TEST_BALANCE_MAX_CENTS, type AccountSummary, type ParsedRequestOf, type PaymentsRpc } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AccountRepository } from '../accounts/account.repository';
import { LedgerRepository } from '../ledger/ledger.repository';
import { testAccountIdOf } from './test-account';

type Request = ParsedRequestOf<typeof PaymentsRpc.testTopUp>;

/** Ledger keys are unique across every account: the caller's key is namespaced so it can never replay another posting. */
export const testTopUpKeyOf = (userId: string, idempotencyKey: string): string => `test-top-up:${userId}:${idempotencyKey}`;

/**
 * Play money for test mode (decision 110): one `test_top_up` entry on the user's test account, under the caller's
 * idempotency key, with the account noted as a test account in the same transaction. The live account is never named,
 * no payment provider is asked, and a top-up that would take the test balance over its cap is refused whole.
 */
@Injectable()
export class TestTopUpUseCase {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async execute(request: Request): Promise<AccountSummary> {
    const accountId = testAccountIdOf(request.userId);
    const posting = { userId: accountId, kind: 'test_top_up' as const, amountCents: request.amountCents, reference: 'test top-up', idempotencyKey: testTopUpKeyOf(request.userId, request.idempotencyKey) };
    await this.ledger.post(posting, async (em) => {
      await this.noteTestAccount(em, accountId, request.userId);
      await this.withinCap(em, accountId);
    });
    const [summary] = await this.accounts.summaries([accountId]);
    if (!summary) throw new Error('account summary missing');
    return { ...summary, userId: request.userId };
  }

  private async noteTestAccount(em: EntityManager, accountId: string, userId: string): Promise<void> {
    await em.execute(`insert into ${schemaTable(this.orm, 'test_accounts')} ("account_id", "user_id") values (?, ?) on conflict do nothing`, [accountId, userId]);
  }

  /** Read under the row lock the posting took, so two top-ups at once cannot pass the cap together. */
  private async withinCap(em: EntityManager, accountId: string): Promise<void> {
    const [row] = await em.execute<Array<{ balance_cents: string }>>(`select "balance_cents" from ${schemaTable(this.orm, 'accounts')} where "user_id" = ?`, [accountId]);
    if (Number(row?.balance_cents ?? 0) > TEST_BALANCE_MAX_CENTS) {
      const message = `A test balance is at most ${TEST_BALANCE_MAX_CENTS} cents: top up less`;
      throw new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'amount_cents', message }]);
    }
  }
}
