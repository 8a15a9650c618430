import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  validationError,
  type ConnectStoreAnswer,
  type ConnectStoreBody,
  type StoreList,
  type StoreSyncResult,
} from '@labeldesk/contracts';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { StoreHttp } from './http/store-http';
import { createHash, randomBytes } from 'node:crypto';
import { StoreRefusedError, type StorePlugin } from './plugin/store-plugin';
import { connectionErrorOf, StoreAccounts } from './store-accounts';
import { StoreOAuthPendingRepository } from './store-oauth-pending.repository';
import { STORE_PLUGINS, storePluginOf } from './store-plugins';
import { STORE_HTTP } from './store-http.provider';
import { STORE_SETTINGS, type StorePluginSettings } from './store-settings';
import { StoreSecrets } from './store-secrets';
import { connectionOf, StoreConnectionsRepository, type ConnectionRow } from './store-connections.repository';
import { StoreOrdersRepository } from './store-orders.repository';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Connecting, listing, importing from and disconnecting a seller's stores (decision 105). */
@Injectable()
export class ManageStoresUseCase {
  private readonly logger = new Logger(ManageStoresUseCase.name);

  constructor(
    private readonly connections: StoreConnectionsRepository,
    private readonly orders: StoreOrdersRepository,
    private readonly secrets: StoreSecrets,
    private readonly accounts: StoreAccounts,
    private readonly pending: StoreOAuthPendingRepository,
    @Inject(STORE_HTTP) private readonly http: StoreHttp,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'STORE_SYNC_SECONDS'>,
    @Inject(STORE_SETTINGS) private readonly settings: StorePluginSettings,
  ) {}

  async list(userId: string): Promise<StoreList> {
    const kinds = [...STORE_PLUGINS.values()].map((plugin) => ({ kind: plugin.id, displayName: plugin.displayName, fields: [...plugin.connectFields] }));
    return { stores: (await this.connections.live(userId)).map(connectionOf), kinds };
  }

  /**
   * Keys typed in: checks them against the store (refused: 400 with the store's reason, nothing kept), keeps them
   * sealed, and imports at once. OAuth (decision 107): keeps a pending connection and answers where to send the seller.
   */
  async connect(userId: string, body: ConnectStoreBody, callbackUrl: string): Promise<ConnectStoreAnswer> {
    const { kind, ...fields } = body;
    const plugin = storePluginOf(kind);
    if (!plugin) {
      const known = [...STORE_PLUGINS.keys()].join(', ');
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `kind must be one of ${known}`, [{ path: 'kind', message: `kind must be one of ${known}` }]);
    }
    const credentials = plugin.credentials.safeParse(fields);
    if (!credentials.success) throw validationError(credentials.error);
    if (plugin.oauth) return this.startOAuth(userId, plugin, credentials.data as Record<string, unknown>, callbackUrl);
    if (!plugin.connect) throw new Error(`the ${plugin.id} plugin has neither connect nor oauth`);
    let account;
    try {
      account = await plugin.connect(credentials.data, this.http, this.settings.of(plugin));
    } catch (error) {
      const message = error instanceof StoreRefusedError ? error.message : `Could not reach the ${plugin.displayName} store: ${messageOf(error)}`;
      throw new DomainError(ErrorCode.VALIDATION_FAILED, message, [{ path: error instanceof StoreRefusedError && /keys/.test(message) ? 'consumer_key' : 'url', message }]);
    }
    const row = await this.connections.add({ user_id: userId, kind: plugin.id, name: account.name, url: account.url, store_key: account.storeKey, secrets: this.secrets.seal(account.secrets) }, this.env.STORE_SYNC_SECONDS);
    return { store: connectionOf((await this.connections.byId(row.id)) ?? row), sync: await this.firstImport(plugin, row) };
  }

  /** The import on connect: a failure shows on the connection (and "sync now" tries again), the connection stays. */
  async firstImport(plugin: StorePlugin, row: ConnectionRow): Promise<StoreSyncResult> {
    return this.importFrom(plugin, row).catch((error: unknown) => {
      this.logger.warn(`store ${row.id}: first import failed: ${messageOf(error)}`);
      return { imported: 0, alreadyImported: 0 };
    });
  }

  /** A pending connection (state hashed, PKCE verifier sealed, 10 minutes) and the store's authorize page to send the seller to. */
  private async startOAuth(userId: string, plugin: StorePlugin, fields: Record<string, unknown>, callbackUrl: string): Promise<ConnectStoreAnswer> {
    const oauth = plugin.oauth;
    if (!oauth) throw new Error(`the ${plugin.id} plugin does not connect through OAuth`);
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    const redirectUri = `${callbackUrl.replace(/\/+$/, '')}/${encodeURIComponent(plugin.id)}`;
    let authorizeUrl: string;
    try {
      authorizeUrl = oauth.authorizeUrl({ state, redirectUri, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'), fields }, this.settings.of(plugin));
    } catch (error) {
      if (error instanceof StoreRefusedError) throw new DomainError(ErrorCode.VALIDATION_FAILED, connectionErrorOf(error));
      throw error;
    }
    await this.pending.add(state, { user_id: userId, kind: plugin.id, code_verifier: this.secrets.seal({ codeVerifier }), fields, redirect_uri: redirectUri });
    return { authorizeUrl };
  }

  /** Imports now from a live connection of the caller's. */
  async sync(userId: string, id: string): Promise<StoreSyncResult> {
    const row = await this.connections.liveOne(userId, id);
    const plugin = storePluginOf(row.kind);
    if (!plugin) throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, `This release cannot reach ${row.kind} stores`);
    try {
      return await this.importFrom(plugin, row);
    } catch (error) {
      if (error instanceof StoreRefusedError) throw new DomainError(ErrorCode.VALIDATION_FAILED, connectionErrorOf(error));
      throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, `${plugin.displayName} could not be read: ${messageOf(error)}`);
    }
  }

  async revoke(userId: string, id: string): Promise<{ deleted: boolean }> {
    if (!(await this.connections.revoke(userId, id))) throw new DomainError(ErrorCode.NOT_FOUND, 'No such store connection');
    return { deleted: true };
  }

  /** The scheduled import of one connection (StoreSync); a failure is kept on the connection as for "sync now". */
  async importConnection(row: ConnectionRow): Promise<StoreSyncResult> {
    const plugin = storePluginOf(row.kind);
    if (!plugin) throw new Error(`this release cannot reach ${row.kind} stores`);
    return this.importFrom(plugin, row);
  }

  /**
   * Reads the store's orders changed since the connection's cursor, page by page, adding the new ones (a page is kept
   * as it is read, so a crash loses nothing already read); the cursor moves only once every page was read.
   */
  private async importFrom(plugin: StorePlugin, row: ConnectionRow): Promise<StoreSyncResult> {
    let imported = 0;
    let seen = 0;
    let cursor: string | null = null;
    try {
      const account = await this.accounts.accountOf(row, plugin);
      for await (const page of plugin.importOrders(account, row.cursor, this.http, this.settings.of(plugin))) {
        seen += page.orders.length;
        imported += await this.orders.importMany(row, page.orders);
        cursor = page.cursor ?? cursor;
      }
    } catch (error) {
      await this.connections.synced(row.id, { error: connectionErrorOf(error) });
      throw error;
    }
    await this.connections.synced(row.id, { cursor });
    return { imported, alreadyImported: seen - imported };
  }
}
