import { Inject, Injectable, Logger } from '@nestjs/common';
import type { StoreOAuthOutcome } from '@labeldesk/contracts';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { StoreHttp } from './http/store-http';
import { StoreRefusedError, type StorePlugin } from './plugin/store-plugin';
import { StoreAccounts } from './store-accounts';
import { StoreConnectionsRepository } from './store-connections.repository';
import { STORE_HTTP } from './store-http.provider';
import { StoreOAuthPendingRepository } from './store-oauth-pending.repository';
import { StoreOrdersRepository } from './store-orders.repository';
import { storePluginOf } from './store-plugins';
import { StoreSecrets } from './store-secrets';
import { STORE_SETTINGS, type StorePluginSettings } from './store-settings';
import { ManageStoresUseCase } from './manage-stores.usecase';

type Headers = Readonly<Record<string, string>>;

/**
 * What stores call us back with, no seller signed in (decision 107): the OAuth callback, which the state ties to the
 * seller who started it, and pushes, which their signature ties to the store.
 */
@Injectable()
export class StoreCallbacksUseCase {
  private readonly logger = new Logger(StoreCallbacksUseCase.name);

  constructor(
    private readonly pending: StoreOAuthPendingRepository,
    private readonly connections: StoreConnectionsRepository,
    private readonly orders: StoreOrdersRepository,
    private readonly accounts: StoreAccounts,
    private readonly secrets: StoreSecrets,
    private readonly manage: ManageStoresUseCase,
    @Inject(STORE_HTTP) private readonly http: StoreHttp,
    @Inject(STORE_SETTINGS) private readonly settings: StorePluginSettings,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'STORE_SYNC_SECONDS'>,
  ) {}

  /**
   * Finishes a connection: the pending one the state names is taken once (unknown, expired, used, or of another
   * store: refused), the store's signature on the callback checked, the code traded for tokens, the connection kept
   * (or an existing one's tokens replaced) and its orders imported.
   */
  async oauthCallback(kind: string, query: Headers): Promise<StoreOAuthOutcome> {
    const plugin = storePluginOf(kind);
    const oauth = plugin?.oauth;
    if (!plugin || !oauth) return { ok: false, message: 'No such store to connect' };
    const pending = query['state'] ? await this.pending.take(plugin.id, query['state']) : null;
    if (!pending) return { ok: false, message: `This ${plugin.displayName} connection link has expired or was already used: connect the store again` };
    if (query['error']) {
      const refused = query['error'] === 'access_denied';
      return { ok: false, message: refused ? `The connection was not approved at ${plugin.displayName}` : `${plugin.displayName} answered: ${query['error_description'] ?? query['error']}` };
    }
    const settings = this.settings.of(plugin);
    if (oauth.verifyCallback && !oauth.verifyCallback(query, settings)) return { ok: false, message: `${plugin.displayName}'s answer could not be verified: connect the store again` };
    const code = query[oauth.codeParameter ?? 'code'];
    if (!code) return { ok: false, message: `${plugin.displayName} sent no authorisation code: connect the store again` };
    const { codeVerifier = '' } = this.secrets.open(pending.code_verifier);
    let account;
    try {
      const fields = plugin.credentials.parse(pending.fields) as Record<string, unknown>;
      account = await oauth.exchange({ code, redirectUri: pending.redirect_uri, codeVerifier, fields, query }, this.http, settings);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, message: error instanceof StoreRefusedError ? reason : `Could not reach ${plugin.displayName}: ${reason}` };
    }
    const row = await this.connections.connectOAuth(
      { user_id: pending.user_id, kind: plugin.id, name: account.name, url: account.url, store_key: account.storeKey, secrets: this.secrets.seal(account.secrets), secrets_expire_at: account.expiresAt ?? null },
      this.env.STORE_SYNC_SECONDS,
    );
    await this.manage.firstImport(plugin, row);
    return { ok: true, storeName: account.name };
  }

  /**
   * A store's push of an order: imported into every live connection of the store it names whose signature checks
   * out (several sellers may have connected one store). Not accepted when the store has no webhooks here, names no
   * store, or the signature is wrong; accepted with nothing imported when nobody has that store connected.
   */
  async push(kind: string, body: string, headers: Headers): Promise<{ accepted: boolean; imported: number }> {
    const plugin = storePluginOf(kind);
    const webhook = plugin?.webhook;
    const storeKey = webhook?.storeKeyOf(body, headers) ?? null;
    if (!plugin || !webhook || storeKey === null) return { accepted: false, imported: 0 };
    const settings = this.settings.of(plugin);
    const rows = await this.connections.liveByStoreKey(plugin.id, storeKey);
    if (rows.length === 0) return { accepted: webhook.verify(body, headers, null, settings), imported: 0 };
    let accepted = false;
    let imported = 0;
    for (const row of rows) {
      const account = await this.accountOrNull(plugin, row);
      if (!account || !webhook.verify(body, headers, account, settings)) continue;
      accepted = true;
      const order = webhook.parse(body, headers);
      if (order) imported += await this.orders.importMany(row, [order]);
    }
    return { accepted, imported };
  }

  private async accountOrNull(plugin: StorePlugin, row: Parameters<StoreAccounts['accountOf']>[0]) {
    try {
      return await this.accounts.accountOf(row, plugin);
    } catch (error) {
      this.logger.warn(`store ${row.id}: a push could not be checked: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}
