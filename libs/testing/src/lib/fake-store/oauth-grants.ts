import { createHash, randomBytes } from 'node:crypto';

/** One seller's approval of the app: the scopes granted, and whether the seller has since taken it back. */
export interface OAuthGrant {
  id: number;
  scopes: readonly string[];
  revoked: boolean;
}

interface PendingCode {
  grant: OAuthGrant;
  clientId: string;
  redirectUri: string;
  /** PKCE (RFC 7636) S256 challenge, for stores that take one. */
  challenge: string | null;
  expiresAt: number;
}

interface IssuedToken {
  grant: OAuthGrant;
  expiresAt: number;
}

/** What a store's token endpoint answers on a grant: the tokens and how long the access token lasts. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * The OAuth 2 authorization-code grant as a store's sign-in keeps it (the fake eBay and Etsy): single-use codes that
 * expire, access tokens that expire (each store says how soon), refresh tokens, and a seller taking the approval back
 * (every token of it refused from then on). Tokens are minted in the store's own format.
 */
export class OAuthGrants {
  /** How long an access token lasts (eBay: 7,200 s; Etsy: 3,600 s); tests shorten it to see a refresh. */
  accessTokenSeconds: number;
  private readonly codes = new Map<string, PendingCode>();
  private readonly access = new Map<string, IssuedToken>();
  private readonly refresh = new Map<string, IssuedToken>();
  private readonly grants: OAuthGrant[] = [];
  private readonly refreshTokenSeconds: number;
  private readonly codeSeconds: number;
  private refreshes = 0;

  constructor(
    private readonly mint: (kind: 'code' | 'access' | 'refresh') => string,
    options: { accessTokenSeconds: number; refreshTokenSeconds: number; codeSeconds: number },
  ) {
    this.accessTokenSeconds = options.accessTokenSeconds;
    this.refreshTokenSeconds = options.refreshTokenSeconds;
    this.codeSeconds = options.codeSeconds;
  }

  /** The seller approved: a code the app's callback receives. */
  approve(pending: { clientId: string; redirectUri: string; scopes: readonly string[]; challenge: string | null }): string {
    const grant: OAuthGrant = { id: this.grants.length + 1, scopes: pending.scopes, revoked: false };
    this.grants.push(grant);
    const code = this.mint('code');
    this.codes.set(code, { grant, clientId: pending.clientId, redirectUri: pending.redirectUri, challenge: pending.challenge, expiresAt: Date.now() + this.codeSeconds * 1000 });
    return code;
  }

  /** The code traded once, by the client it was given to, to the same redirect URI (and with the PKCE verifier); else why not. */
  redeem(code: string, clientId: string, redirectUri: string, verifier: string | null): IssuedTokens | 'invalid' | 'verifier' {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.clientId !== clientId || pending.redirectUri !== redirectUri) return 'invalid';
    if (pending.challenge !== null && (verifier === null || s256(verifier) !== pending.challenge)) return 'verifier';
    return this.issue(pending.grant, true);
  }

  /** New tokens for a refresh token still good (its grant not taken back); `rotate`: a new refresh token too (Etsy). */
  refreshed(refreshToken: string, rotate: boolean): (IssuedTokens & { scopes: readonly string[] }) | null {
    const issued = this.refresh.get(refreshToken);
    if (!issued || issued.grant.revoked || issued.expiresAt < Date.now()) return null;
    this.refreshes++;
    if (rotate) this.refresh.delete(refreshToken);
    const tokens = this.issue(issued.grant, rotate);
    return { ...tokens, refreshToken: rotate ? tokens.refreshToken : refreshToken, scopes: issued.grant.scopes };
  }

  /** The grant an access token stands for, while it lasts and is not taken back. */
  grantOf(accessToken: string): OAuthGrant | null {
    const issued = this.access.get(accessToken);
    return issued && !issued.grant.revoked && issued.expiresAt >= Date.now() ? issued.grant : null;
  }

  /** The seller took the app's access back (in the store's settings): no token of theirs works any more. */
  revokeAll(): void {
    for (const grant of this.grants) grant.revoked = true;
  }

  /** Every access token issued so far stops working now (as two hours passing would). */
  expireAccessTokens(): void {
    for (const issued of this.access.values()) issued.expiresAt = 0;
  }

  /** Refresh-token exchanges made so far. */
  get refreshCount(): number {
    return this.refreshes;
  }

  private issue(grant: OAuthGrant, withRefresh: boolean): IssuedTokens {
    const accessToken = this.mint('access');
    this.access.set(accessToken, { grant, expiresAt: Date.now() + this.accessTokenSeconds * 1000 });
    const refreshToken = withRefresh ? this.mint('refresh') : '';
    if (withRefresh) this.refresh.set(refreshToken, { grant, expiresAt: Date.now() + this.refreshTokenSeconds * 1000 });
    return { accessToken, refreshToken, expiresIn: this.accessTokenSeconds };
  }
}

/** Random text of `bytes` bytes, base64url: the body of a minted token. */
export const randomToken = (bytes = 48): string => randomBytes(bytes).toString('base64url');
