import { Inject, Injectable } from '@nestjs/common';
import { SealedText } from '@labeldesk/nest-config';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';

/**
 * Authenticator secrets are encrypted at rest (AES-256-GCM), so a copy of the auth database alone signs no one in past
 * the second step (decision 050). The key is TOTP_ENCRYPTION_KEY, or else derived from JWT_SECRET (HKDF): a stolen
 * JWT_SECRET already lets one mint sessions, so deriving from it adds no new secret to lose.
 */
@Injectable()
export class SecretBox {
  private readonly box: SealedText;

  constructor(@Inject(AUTH_ENV) env: Pick<AuthEnv, 'JWT_SECRET' | 'TOTP_ENCRYPTION_KEY'>) {
    this.box = new SealedText(env.TOTP_ENCRYPTION_KEY ?? env.JWT_SECRET, 'labeldesk totp secret v1', 'a sealed secret');
  }

  seal(plain: string): string {
    return this.box.seal(plain);
  }

  /** Throws when the value was sealed under another key (the key changed) or altered. */
  open(sealed: string): string {
    return this.box.open(sealed);
  }
}
