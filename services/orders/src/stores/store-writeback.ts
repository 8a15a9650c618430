import { Inject, Injectable } from '@nestjs/common';
import { courierName, courierTrackingUrl } from '@labeldesk/contracts';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { StoreHttp } from './http/store-http';
import { storePluginOf } from './store-plugins';
import { STORE_HTTP } from './store-http.provider';
import { STORE_SETTINGS, type StorePluginSettings } from './store-settings';
import { connectionErrorOf, StoreAccounts } from './store-accounts';
import { StoreConnectionsRepository } from './store-connections.repository';
import { StoreOrdersRepository, type DueWriteBack } from './store-orders.repository';

/** Imported orders sent back at once per round. */
const ROUND = 20;
/** The longest pause between two attempts. */
const MAX_RETRY_SECONDS = 3_600;
/** How often a replica looks for labels bought without the write-back's mark (markAskedLabels, decision 117). */
const MARK_PASS_MS = 3_600_000;

type WriteBackEnv = Pick<OrdersEnv, 'STORE_WRITEBACK_SECONDS' | 'STORE_WRITEBACK_RETRY_SECONDS' | 'STORE_TIMEOUT_MS' | 'STORE_RATE_LIMITED_TRIES'>;

/** The pause after the `failures`-th failed attempt: the first pause, doubled each time, at most an hour. */
export const retryInSeconds = (firstSeconds: number, failures: number): number => Math.min(MAX_RETRY_SECONDS, firstSeconds * 2 ** Math.max(0, failures - 1));

/**
 * The write-back outbox (decision 105): an imported order whose label is completed has its tracking sent to its store
 * (WooCommerce: a note to the customer and status completed), apart from the purchase, which it never holds up. A
 * failure is kept on the order ("tracking not sent to WooCommerce: …") and tried again with a doubling pause; a
 * disconnected store is not tried again.
 */
@Injectable()
export class StoreWriteBack extends PeriodicTask<number> {
  constructor(
    private readonly orders: StoreOrdersRepository,
    private readonly connections: StoreConnectionsRepository,
    private readonly accounts: StoreAccounts,
    @Inject(STORE_HTTP) private readonly http: StoreHttp,
    @Inject(ORDERS_ENV) private readonly env: WriteBackEnv,
    @Inject(STORE_SETTINGS) private readonly settings: StorePluginSettings,
  ) {
    super();
  }

  /** When this replica last looked for unmarked labels (0: not yet, so its first round does). */
  private markedAt = 0;

  protected get everyMs(): number {
    return this.env.STORE_WRITEBACK_SECONDS * 1000;
  }

  /** Sends what is due now; answers how many attempts it made (0 while a round is running here). */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    // Each call may be asked again after 429s, so the lease covers every try of the three calls a write-back makes.
    const leaseSeconds = Math.ceil((3 * this.env.STORE_RATE_LIMITED_TRIES * this.env.STORE_TIMEOUT_MS) / 1000) + 60;
    if (Date.now() - this.markedAt >= MARK_PASS_MS) {
      const marked = await this.orders.markAskedLabels();
      this.markedAt = Date.now();
      if (marked > 0) this.logger.log(`${marked} imported orders bought without the write-back's mark are marked`);
    }
    let attempts = 0;
    for (;;) {
      const due = await this.orders.claimDueWriteBacks(ROUND, leaseSeconds);
      attempts += due.length;
      await Promise.all(due.map((order) => this.send(order)));
      if (due.length < ROUND) return attempts;
    }
  }

  private async send(order: DueWriteBack): Promise<void> {
    const connection = await this.connections.byId(order.connection_id);
    const plugin = connection ? storePluginOf(connection.kind) : undefined;
    const storeName = plugin?.displayName ?? connection?.kind ?? 'the store';
    if (!connection || !plugin || connection.revoked_at !== null || connection.secrets === null) {
      await this.orders.writeBackFailed(order.id, `tracking not sent to ${storeName}: the store was disconnected`, null);
      return;
    }
    try {
      const account = await this.accounts.accountOf(connection, plugin);
      await plugin.writeBack(
        account,
        { externalId: order.external_id, orderNumber: order.order_number, courier: courierName(order.courier), trackingNumber: order.tracking_number, trackingUrl: courierTrackingUrl(order.courier, order.tracking_number) },
        this.http,
        this.settings.of(plugin),
      );
      await this.orders.writeBackSent(order.id);
    } catch (error) {
      // A token the store no longer accepts says to reconnect (decision 107), here as on the connection.
      const reason = connectionErrorOf(error);
      this.logger.warn(`store order ${order.id}: write-back failed: ${reason}`);
      await this.orders.writeBackFailed(order.id, `tracking not sent to ${storeName}: ${reason}`, retryInSeconds(this.env.STORE_WRITEBACK_RETRY_SECONDS, order.writeback_attempts + 1));
    }
  }
}
