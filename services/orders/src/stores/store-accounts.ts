import { Inject, Injectable } from '@nestjs/common';
import type { StoreHttp } from './http/store-http';
import { StoreAuthorizationError, type StoreAccount, type StorePlugin } from './plugin/store-plugin';
import { STORE_HTTP } from './store-http.provider';
import { StoreSecrets } from './store-secrets';
import { STORE_SETTINGS, type StorePluginSettings } from './store-settings';
import { StoreConnectionsRepository, type ConnectionRow } from './store-connections.repository';

/** An access token is refreshed when it is used this close to its expiry (or after it). */
const REFRESH_BEFORE_MS = 5 * 60_000;

/** Says on the connection what went wrong, and for a token no longer accepted, what to do about it. */
export const connectionErrorOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof StoreAuthorizationError ? `${message} — reconnect the store` : message;
};

/**
 * A live connection's account as plugins use it: its secrets opened, and refreshed first when its access token is
 * about to expire (decision 107). The new secrets are saved compare-and-set: when another replica refreshed at the
 * same time, its secrets are the ones kept and used.
 */
@Injectable()
export class StoreAccounts {
  constructor(
    private readonly connections: StoreConnectionsRepository,
    private readonly secrets: StoreSecrets,
    @Inject(STORE_HTTP) private readonly http: StoreHttp,
    @Inject(STORE_SETTINGS) private readonly settings: StorePluginSettings,
  ) {}

  async accountOf(row: ConnectionRow, plugin: StorePlugin): Promise<StoreAccount> {
    if (row.secrets === null) throw new StoreAuthorizationError(`The ${plugin.displayName} store was disconnected`);
    const account = { url: row.url, secrets: this.secrets.open(row.secrets) };
    const refresh = plugin.oauth?.refresh;
    const expiresAt = row.secrets_expire_at ? new Date(row.secrets_expire_at).getTime() : null;
    if (!refresh || expiresAt === null || expiresAt - Date.now() > REFRESH_BEFORE_MS) return account;
    const fresh = await refresh(account, this.http, this.settings.of(plugin));
    if (await this.connections.refreshed(row.id, row.secrets, this.secrets.seal(fresh.secrets), fresh.expiresAt)) {
      row.secrets_expire_at = fresh.expiresAt;
      return { url: row.url, secrets: fresh.secrets };
    }
    const now = await this.connections.byId(row.id);
    if (!now?.secrets || now.revoked_at !== null) throw new StoreAuthorizationError(`The ${plugin.displayName} store was disconnected`);
    return { url: now.url, secrets: this.secrets.open(now.secrets) };
  }
}
