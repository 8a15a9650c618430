import { Inject, Injectable } from '@nestjs/common';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { ManageStoresUseCase } from './manage-stores.usecase';
import { StoreConnectionsRepository } from './store-connections.repository';

/** Connections imported from at once per round. */
const ROUND = 10;

/**
 * The scheduled import (STORE_SYNC_SECONDS, decision 105): each live connection is imported from that often, claimed
 * by one replica at a time; a failure is kept on the connection ("last import failed: …") and tried at the next turn.
 */
@Injectable()
export class StoreSync extends PeriodicTask<number> {
  constructor(
    private readonly connections: StoreConnectionsRepository,
    private readonly manage: ManageStoresUseCase,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'STORE_SYNC_SECONDS'>,
  ) {
    super();
  }

  protected get everyMs(): number | null {
    // Looked for at least every 30 s, so a connection falls due close to its time.
    return this.env.STORE_SYNC_SECONDS === 0 ? null : Math.min(this.env.STORE_SYNC_SECONDS, 30) * 1000;
  }

  protected async round(): Promise<number> {
    let imported = 0;
    for (;;) {
      const due = await this.connections.claimDueSyncs(ROUND, this.env.STORE_SYNC_SECONDS);
      for (const row of due) {
        imported += await this.manage
          .importConnection(row)
          .then((result) => result.imported)
          .catch((error: unknown) => (this.logger.warn(`store ${row.id}: scheduled import failed: ${error instanceof Error ? error.message : String(error)}`), 0));
      }
      if (due.length < ROUND) return imported;
    }
  }
}
