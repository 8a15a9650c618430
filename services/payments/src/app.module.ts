import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import { Account } from './accounts/account.entity';
import { AccountRepository } from './accounts/account.repository';
import { AccountsController } from './accounts/accounts.controller';
import { LedgerController } from './ledger/ledger.controller';
import { LedgerRepository } from './ledger/ledger.repository';
import type { PaymentsEnv } from './config/env.schema';
import { paymentsMigrations } from './database/migrations';

@Module({})
export class PaymentsModule {
  static forEnv(env: PaymentsEnv): DynamicModule {
    return serviceModule(PaymentsModule, 'payments', env, {
      entities: [Account],
      migrations: paymentsMigrations,
      controllers: [AccountsController, LedgerController],
      providers: [AccountRepository, LedgerRepository],
    });
  }
}
