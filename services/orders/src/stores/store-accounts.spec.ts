import type { StoreHttp } from './http/store-http';
import { StoreAuthorizationError, type RefreshedSecrets, type StorePlugin } from './plugin/store-plugin';
import { connectionErrorOf, StoreAccounts } from './store-accounts';
import type { ConnectionRow, StoreConnectionsRepository } from './store-connections.repository';
import type { StoreSecrets } from './store-secrets';
import type { StorePluginSettings } from './store-settings';

/** Secrets "sealed" as JSON: what is checked here is when the account refreshes, not the sealing (store-secrets.spec.ts). */
const secrets = { seal: (value: Record<string, string>) => JSON.stringify(value), open: (sealed: string) => JSON.parse(sealed) as Record<string, string> } as unknown as StoreSecrets;
const http = {} as StoreHttp;
const settings: StorePluginSettings = { of: () => ({}) };

const rowOf = (expiresInMs: number | null): ConnectionRow => ({
  id: 'c1',
  user_id: 'u1',
  kind: 'oauthstore',
  name: 'Shop',
  url: 'https://shop.example',
  store_key: 'shop.example',
  secrets: JSON.stringify({ access_token: 'old', refresh_token: 'r1' }),
  cursor: null,
  last_sync_at: null,
  last_error: null,
  created_at: new Date().toISOString(),
  revoked_at: null,
  secrets_expire_at: expiresInMs === null ? null : new Date(Date.now() + expiresInMs).toISOString(),
});

const pluginWith = (refresh: (account: { secrets: Readonly<Record<string, string>> }) => Promise<RefreshedSecrets>) =>
  ({ id: 'oauthstore', displayName: 'OAuth Store', oauth: { authorizeUrl: () => '', exchange: () => Promise.reject(new Error('unused')), refresh } }) as unknown as StorePlugin;

const fresh = { secrets: { access_token: 'new', refresh_token: 'r2' }, expiresAt: new Date(Date.now() + 3_600_000).toISOString() };

describe('a connection\'s account', () => {
  it('is used as sealed while its token is far from expiry, or never expires', async () => {
    const refresh = jest.fn(() => Promise.resolve(fresh));
    const accounts = new StoreAccounts({} as StoreConnectionsRepository, secrets, http, settings);
    expect((await accounts.accountOf(rowOf(3_600_000), pluginWith(refresh))).secrets['access_token']).toBe('old');
    expect((await accounts.accountOf(rowOf(null), pluginWith(refresh))).secrets['access_token']).toBe('old');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('is refreshed within 5 minutes of expiry (or after it), the new secrets saved in place of the ones it read', async () => {
    const refreshed = jest.fn(() => Promise.resolve(true));
    const accounts = new StoreAccounts({ refreshed } as unknown as StoreConnectionsRepository, secrets, http, settings);
    const row = rowOf(60_000);
    const account = await accounts.accountOf(row, pluginWith(() => Promise.resolve(fresh)));
    expect(account.secrets).toEqual(fresh.secrets);
    expect(refreshed).toHaveBeenCalledWith('c1', JSON.stringify({ access_token: 'old', refresh_token: 'r1' }), JSON.stringify(fresh.secrets), fresh.expiresAt);
    expect((await accounts.accountOf(rowOf(-60_000), pluginWith(() => Promise.resolve(fresh)))).secrets['access_token']).toBe('new');
  });

  it('uses the secrets another replica saved when it refreshed first', async () => {
    const theirs = { ...rowOf(3_600_000), secrets: JSON.stringify({ access_token: 'theirs', refresh_token: 'r3' }) };
    const connections = { refreshed: () => Promise.resolve(false), byId: () => Promise.resolve(theirs) } as unknown as StoreConnectionsRepository;
    const accounts = new StoreAccounts(connections, secrets, http, settings);
    expect((await accounts.accountOf(rowOf(60_000), pluginWith(() => Promise.resolve(fresh)))).secrets['access_token']).toBe('theirs');
  });

  it('says to reconnect when the store refuses the refresh', async () => {
    const accounts = new StoreAccounts({} as StoreConnectionsRepository, secrets, http, settings);
    const refusal = new StoreAuthorizationError('OAuth Store refused the refresh token (invalid_grant)');
    const failed = await accounts.accountOf(rowOf(0), pluginWith(() => Promise.reject(refusal))).catch((error: unknown) => error);
    expect(connectionErrorOf(failed)).toBe('OAuth Store refused the refresh token (invalid_grant) — reconnect the store');
    expect(connectionErrorOf(new Error('HTTP 503'))).toBe('HTTP 503');
  });
});
