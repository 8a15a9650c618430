import { Module, type DynamicModule } from '@nestjs/common';
import { ORM } from '@labeldesk/nest-orm';
import { serviceModule } from '@labeldesk/nest-service';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AccountRepository } from './accounts/account.repository';
import { AccountsController } from './accounts/accounts.controller';
import { ChargeOnUseController } from './charge-on-use/charge-on-use.controller';
import { ChargeOnUseRepository } from './charge-on-use/charge-on-use.repository';
import { PAYMENTS_ENV, type PaymentsEnv } from './config/env.schema';
import { paymentsMigrations } from './database/migrations';
import { DepositEntity } from './deposits/deposit.entity';
import { DepositRepository } from './deposits/deposit.repository';
import { DepositsController } from './deposits/deposits.controller';
import { ApplyInvoiceUseCase } from './deposits/usecases/apply-invoice.usecase';
import { CreateTopUpUseCase } from './deposits/usecases/create-top-up.usecase';
import { DepositReconciler } from './deposits/usecases/deposit-reconciler';
import { EventOutboxRepository } from './outbox/event-outbox.repository';
import { EventRelay } from './outbox/event-relay';
import { ReceivePaymentNotificationUseCase } from './deposits/usecases/receive-payment-notification.usecase';
import { SettleTestInvoiceUseCase } from './deposits/usecases/settle-test-invoice.usecase';
import { AccountChangesPublisher } from './accounts/account-changes.publisher';
import { HoldRepository } from './holds/hold.repository';
import { HoldsController } from './holds/holds.controller';
import { LedgerController } from './ledger/ledger.controller';
import { LedgerRepository } from './ledger/ledger.repository';
import { RefundRepository } from './ledger/refund.repository';
import { AdjustBalanceUseCase } from './ledger/usecases/adjust-balance.usecase';
import { RefundChargeUseCase } from './ledger/usecases/refund-charge.usecase';
import { PAYMENT_PROVIDER } from './providers/payment-provider.port';
import { createPaymentProvider } from './providers/provider.factory';
import { FirstTopUpBonus } from './referral-bonus/first-top-up-bonus';
import { ReferralBonusClaimRepository } from './referral-bonus/referral-bonus-claim.repository';
import { ReferralBonusController } from './referral-bonus/referral-bonus.controller';
import { ReferralBonusPayer } from './referral-bonus/referral-bonus-payer';
import { ReferralBonusSettingsRepository } from './referral-bonus/referral-bonus-settings.repository';
import { PaymentsStatsController } from './stats/payments-stats.controller';
import { PaymentsStatsRepository } from './stats/payments-stats.repository';
import { ReadStatementUseCase } from './statements/read-statement.usecase';
import { StatementRepository } from './statements/statement.repository';
import { StatementsController } from './statements/statements.controller';
import { TestModeController } from './test-mode/test-mode.controller';
import { TestTopUpUseCase } from './test-mode/test-top-up.usecase';

/** The ledger, deposits and the payment providers. */
@Module({})
export class PaymentsModule {
  static forEnv(env: PaymentsEnv): DynamicModule {
    return serviceModule(PaymentsModule, 'payments', env, {
      entities: [DepositEntity],
      migrations: paymentsMigrations,
      controllers: [AccountsController, LedgerController, HoldsController, DepositsController, PaymentsStatsController, ReferralBonusController, StatementsController, ChargeOnUseController, TestModeController],
      providers: [
        PaymentsStatsRepository,
        { provide: PAYMENTS_ENV, useValue: env },
        { provide: PAYMENT_PROVIDER, inject: [ORM], useFactory: (orm: MikroORM) => createPaymentProvider(env, orm) },
        AccountRepository,
        AccountChangesPublisher,
        LedgerRepository,
        ChargeOnUseRepository,
        HoldRepository,
        RefundRepository,
        RefundChargeUseCase,
        AdjustBalanceUseCase,
        DepositRepository,
        ApplyInvoiceUseCase,
        ReceivePaymentNotificationUseCase,
        CreateTopUpUseCase,
        SettleTestInvoiceUseCase,
        DepositReconciler,
        EventOutboxRepository,
        EventRelay,
        ReferralBonusSettingsRepository,
        ReferralBonusClaimRepository,
        ReferralBonusPayer,
        FirstTopUpBonus,
        StatementRepository,
        ReadStatementUseCase,
        TestTopUpUseCase,
      ],
    });
  }
}
