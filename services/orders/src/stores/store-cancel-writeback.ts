import { Inject, Injectable } from '@nestjs/common';
import { courierName, courierTrackingUrl } from '@labeldesk/contracts';
import { PeriodicTask } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { StoreHttp } from './http/store-http';
import { connectionErrorOf, StoreAccounts } from './store-accounts';
import { StoreCancelRepository } from './store-cancel.repository';
import { StoreConnectionsRepository } from './store-connections.repository';
import { STORE_HTTP } from './store-http.provider';
import { StoreOrdersRepository, type DueWriteBack } from './store-orders.repository';
import { storePluginOf } from './store-plugins';
import { STORE_SETTINGS, type StorePluginSettings } from './store-settings';
import { retryInSeconds } from './store-writeback';

/** Imported orders asked about at once per round. */
const ROUND = 20;

type CancelEnv = Pick<OrdersEnv, 'STORE_WRITEBACK_SECONDS' | 'STORE_WRITEBACK_RETRY_SECONDS' | 'STORE_TIMEOUT_MS' | 'STORE_RATE_LIMITED_TRIES'>;

/**
 * A void asks the store to cancel the fulfilment (issue 47, decision 113): an imported order whose tracking was sent
 * and whose label no longer stands has its store's `cancelWriteBack` called (WooCommerce: back to processing, with a
 * note; Shopify: fulfillmentCancel), on the write-back's schedule and with its retries; a store whose API has no
 * such call (eBay, Etsy, Amazon: no `cancelWriteBack`) is not asked, and that is no error. The order is then
 * awaiting shipment again, and a label bought for it is written back as the first was.
 */
@Injectable()
export class StoreCancelWriteBack extends PeriodicTask<number> {
  constructor(
    private readonly cancels: StoreCancelRepository,
    private readonly orders: StoreOrdersRepository,
    private readonly connections: StoreConnectionsRepository,
    private readonly accounts: StoreAccounts,
    @Inject(STORE_HTTP) private readonly http: StoreHttp,
    @Inject(ORDERS_ENV) private readonly env: CancelEnv,
    @Inject(STORE_SETTINGS) private readonly settings: StorePluginSettings,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.STORE_WRITEBACK_SECONDS * 1000;
  }

  protected async round(): Promise<number> {
    const leaseSeconds = Math.ceil((3 * this.env.STORE_RATE_LIMITED_TRIES * this.env.STORE_TIMEOUT_MS) / 1000) + 60;
    let attempts = 0;
    for (;;) {
      const due = await this.cancels.claimDueCancels(ROUND, leaseSeconds);
      attempts += due.length;
      await Promise.all(due.map((order) => this.cancel(order)));
      if (due.length < ROUND) return attempts;
    }
  }

  private async cancel(order: DueWriteBack): Promise<void> {
    const connection = await this.connections.byId(order.connection_id);
    const plugin = connection ? storePluginOf(connection.kind) : undefined;
    if (!plugin?.cancelWriteBack) {
      await this.cancels.cancelled(order.id);
      return;
    }
    if (!connection || connection.revoked_at !== null || connection.secrets === null) {
      await this.orders.writeBackFailed(order.id, `fulfilment not cancelled at ${plugin.displayName}: the store was disconnected`, null);
      return;
    }
    try {
      // Opened as the write-back opens it: an OAuth store's token refreshed first when it is about to expire.
      const account = await this.accounts.accountOf(connection, plugin);
      const fulfilment = { externalId: order.external_id, orderNumber: order.order_number, courier: courierName(order.courier), trackingNumber: order.tracking_number, trackingUrl: courierTrackingUrl(order.courier, order.tracking_number) };
      await plugin.cancelWriteBack(account, fulfilment, this.http, this.settings.of(plugin));
      await this.cancels.cancelled(order.id);
    } catch (error) {
      const reason = connectionErrorOf(error);
      this.logger.warn(`store order ${order.id}: cancel failed: ${reason}`);
      await this.orders.writeBackFailed(order.id, `fulfilment not cancelled at ${plugin.displayName}: ${reason}`, retryInSeconds(this.env.STORE_WRITEBACK_RETRY_SECONDS, order.writeback_attempts + 1));
    }
  }
}
