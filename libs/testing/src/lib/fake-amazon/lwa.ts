import { randomBytes } from 'node:crypto';

/**
 * Login with Amazon as the SP-API's authorization guides describe it ("Website authorization workflow",
 * "Connecting to the Selling Partner API"; no model is published for it): the seller's consent in Seller Central
 * redirects to the app's redirect URI with `state`, `selling_partner_id` and `spapi_oauth_code` (valid 5 minutes,
 * once); `POST /auth/o2/token` trades the code (`grant_type=authorization_code`, with the same redirect URI) or a
 * refresh token (`grant_type=refresh_token`) for an access token of an hour, the app named by client id and secret.
 */
export interface LwaTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export type LwaAnswer = { status: number; body: Record<string, unknown> };

const token = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url')}`;
const CODE_LIFETIME_MS = 5 * 60_000;

export class LoginWithAmazon {
  readonly clientId = `amzn1.application-oa2-client.${randomBytes(16).toString('hex')}`;
  readonly clientSecret = `amzn1.oa2-cs.v1.${randomBytes(32).toString('hex')}`;
  /** The lifetime of an access token, in seconds (an hour, as LWA's `expires_in` says). */
  accessTokenSeconds = 3600;
  private readonly codes = new Map<string, { redirectUri: string; sellingPartnerId: string; expires: number }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly accessTokens = new Map<string, { sellingPartnerId: string; expires: number }>();

  /** The seller approved: a code for the app's redirect URI. */
  issueCode(redirectUri: string, sellingPartnerId: string): string {
    const code = token('ANDEXAMPLE');
    this.codes.set(code, { redirectUri, sellingPartnerId, expires: Date.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** The selling partner an access token is for, or why it is refused (expired, or not one LWA issued). */
  accessOf(accessToken: string): { sellingPartnerId: string } | 'expired' | 'invalid' {
    const access = this.accessTokens.get(accessToken);
    if (!access) return 'invalid';
    return access.expires <= Date.now() ? 'expired' : { sellingPartnerId: access.sellingPartnerId };
  }

  /** Every access token issued so far expires now (as an hour having passed). */
  expireAccessTokens(): void {
    for (const access of this.accessTokens.values()) access.expires = Date.now() - 1;
  }

  /** The seller removed the app's authorization in Seller Central: its refresh tokens stop working. */
  revoke(sellingPartnerId: string): void {
    for (const [refresh, partner] of this.refreshTokens) if (partner === sellingPartnerId) this.refreshTokens.delete(refresh);
  }

  /** `POST /auth/o2/token` with its form (or JSON) fields. */
  token(fields: Readonly<Record<string, string>>): LwaAnswer {
    const error = (status: number, code: string, description: string): LwaAnswer => ({ status, body: { error: code, error_description: description } });
    if (fields['client_id'] !== this.clientId || fields['client_secret'] !== this.clientSecret) return error(401, 'invalid_client', 'Client authentication failed');
    if (fields['grant_type'] === 'authorization_code') {
      const code = this.codes.get(fields['code'] ?? '');
      if (!code || code.expires <= Date.now()) return error(400, 'invalid_grant', 'The request has an invalid grant parameter : code');
      if (fields['redirect_uri'] !== undefined && fields['redirect_uri'] !== code.redirectUri) return error(400, 'invalid_grant', 'The redirect_uri does not match the one of the authorization request');
      this.codes.delete(fields['code'] ?? '');
      const refresh = token('Atzr|');
      this.refreshTokens.set(refresh, code.sellingPartnerId);
      return { status: 200, body: { ...this.access(code.sellingPartnerId), refresh_token: refresh } };
    }
    if (fields['grant_type'] === 'refresh_token') {
      const partner = this.refreshTokens.get(fields['refresh_token'] ?? '');
      if (partner === undefined) return error(400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
      return { status: 200, body: { ...this.access(partner), refresh_token: fields['refresh_token'] } };
    }
    return error(400, 'unsupported_grant_type', `Unsupported grant type: ${fields['grant_type'] ?? '(none)'}`);
  }

  private access(sellingPartnerId: string): Omit<LwaTokens, 'refresh_token'> {
    const accessToken = token('Atza|');
    this.accessTokens.set(accessToken, { sellingPartnerId, expires: Date.now() + this.accessTokenSeconds * 1000 });
    return { access_token: accessToken, token_type: 'bearer', expires_in: this.accessTokenSeconds };
  }
}
