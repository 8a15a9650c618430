import { Controller } from '@nestjs/common';
import { PaymentsEvents, type AccountChangedEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { AccountSummaryCache } from './account-summary.cache';

/**
 * Payments committed a posting or a hold for a user. Every gateway replica receives it (no queue group) and forgets the
 * account summary it keeps for that user, so the next verify shows the new balance (decision 025).
 */
@Controller()
export class AccountChangedListener {
  constructor(private readonly accounts: AccountSummaryCache) {}

  @EventHandler(PaymentsEvents.accountChanged)
  forget(@EventPayload(PaymentsEvents.accountChanged) event: AccountChangedEvent): void {
    this.accounts.forget(event.userId);
  }
}
