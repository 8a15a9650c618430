import { randomBytes } from 'node:crypto';
import { parseJson, type Reply } from './json';
import { accountErrors, type FakeUspsAccount, ownsRoles, roleErrors } from './payment-rules';
import type { FakeParties } from './usps-requests';
import { errorBody } from './usps-errors';

export interface TokenDeskSettings {
  clientId: string;
  clientSecret: string;
  accessTokenTtlSeconds: number;
  paymentTokenTtlSeconds: number;
  account: FakeUspsAccount;
}

const PAYMENTS = '/payments/v3';

/**
 * The fake's two kinds of token: OAuth client-credentials access tokens (`POST /oauth2/v3/token`, answered the OAuth 2
 * way, as USPS/api-examples `README.md` shows: no OpenAPI spec covers it) and payment authorization tokens (`POST
 * /payments/v3/payment-authorization`, Payments OpenAPI 3.1.20: "valid for eight hours after issuance"), each expiring
 * by the fake's clock, or at once when a test says so.
 */
export class FakeUspsTokenDesk {
  accessTokensIssued = 0;
  paymentTokensIssued = 0;
  /** While true, payment authorization fails as USPS does for an unfunded account (100007). */
  fundsExhausted = false;
  private readonly access = new Map<string, number>();
  private readonly payment = new Map<string, number>();

  constructor(
    private readonly settings: TokenDeskSettings,
    private readonly now: () => Date,
  ) {}

  issueAccessToken(contentType: string, body: string): Reply {
    const parsed = contentType.includes('application/x-www-form-urlencoded') ? { ok: true as const, value: Object.fromEntries(new URLSearchParams(body)) } : parseJson(body);
    const fields = parsed.ok && parsed.value !== null && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : null;
    if (!fields) return { status: 400, body: { error: 'invalid_request', error_description: 'The request body must be JSON or a form' } };
    if (fields['grant_type'] !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported here' } };
    if (fields['client_id'] !== this.settings.clientId || fields['client_secret'] !== this.settings.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' } };
    }
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.now().getTime();
    this.access.set(token, issuedAt + this.settings.accessTokenTtlSeconds * 1000);
    this.accessTokensIssued += 1;
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        issued_at: String(issuedAt),
        // A string, as in USPS/api-examples README.md.
        expires_in: String(this.settings.accessTokenTtlSeconds),
        status: 'approved',
        scope: 'addresses payments labels international-labels prices international-prices tracking',
        issuer: 'https://keyc.usps.com/realms/USPS',
        client_id: this.settings.clientId,
        application_name: 'fake-usps',
        api_products: '[Labels, Payments]',
        public_key: 'fake',
      },
    };
  }

  /** Null when the bearer token is one this desk issued and it has not expired; else the 401 to answer. */
  refuseBearer(authorization: string | undefined, api: string): Reply | null {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = token ? this.access.get(token) : undefined;
    if (expiresAt !== undefined && expiresAt > this.now().getTime()) return null;
    return {
      status: 401,
      body: errorBody(api, 401, [{ code: '401', detail: 'The access token is missing, invalid or expired' }]),
      headers: { 'WWW-Authenticate': 'Bearer realm="https://api.usps.com"' },
    };
  }

  /**
   * Null when the payment token is good; else a 403 naming the header (USPS lists 401 and 403 for the labels calls
   * without saying which a bad payment token gets: the fake picks 403, so it differs from a bad bearer).
   */
  refusePaymentToken(token: string | string[] | undefined, api: string): Reply | null {
    const expiresAt = typeof token === 'string' ? this.payment.get(token) : undefined;
    if (expiresAt !== undefined && expiresAt > this.now().getTime()) return null;
    return { status: 403, body: errorBody(api, 403, [{ code: '403', parameter: 'Header: X-Payment-Authorization-Token', detail: 'The payment authorization token is missing, invalid or expired' }]) };
  }

  /** `POST /payments/v3/payment-authorization` once the bearer token was accepted and the body found to be `Parties`. */
  authorizePayment(body: string): Reply {
    const refuse = (errors: Parameters<typeof errorBody>[2]): Reply => ({ status: 400, body: errorBody(PAYMENTS, 400, errors) });
    const json = parseJson(body);
    if (!json.ok) return refuse([{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }]);
    const { roles } = json.value as FakeParties;
    const invalid = roleErrors(roles);
    if (invalid.length > 0) return refuse(invalid);
    if (!ownsRoles(roles, this.settings.account)) return { status: 403, body: errorBody(PAYMENTS, 403, [{ code: '403', parameter: 'roles', detail: 'Access is denied for this CRID and MID' }]) };
    const unknownAccount = accountErrors(roles, this.settings.account);
    if (unknownAccount.length > 0) return refuse(unknownAccount);
    if (this.fundsExhausted) return refuse([{ code: '100007', parameter: 'roles', detail: 'Your Trust balance has insufficient funds. Please fund your Trust balance and try again.' }]);
    const token = randomBytes(48).toString('base64url');
    this.payment.set(token, this.now().getTime() + this.settings.paymentTokenTtlSeconds * 1000);
    this.paymentTokensIssued += 1;
    return { status: 200, body: { paymentAuthorizationToken: token, roles } };
  }

  /** Every token issued so far stops working, as after a revoked credential or a rotated key. */
  revoke(): void {
    this.access.clear();
    this.payment.clear();
  }

  /** The access tokens issued so far expire now: the next call with one is the 401 of an expired token. */
  expireAccessTokens(): void {
    this.expireAll(this.access);
  }

  /** The payment tokens issued so far expire now, as they do eight hours after issuance. */
  expirePaymentTokens(): void {
    this.expireAll(this.payment);
  }

  private expireAll(tokens: Map<string, number>): void {
    const now = this.now().getTime();
    for (const token of tokens.keys()) tokens.set(token, now);
  }
}
