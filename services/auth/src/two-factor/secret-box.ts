import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';

const VERSION = 'v1';

/**
 * Authenticator secrets are encrypted at rest (AES-256-GCM), so a copy of the auth database alone signs no one in past
 * the second step (decision 050). The key is TOTP_ENCRYPTION_KEY, or else derived from JWT_SECRET (HKDF): a stolen
 * JWT_SECRET already lets one mint sessions, so deriving from it adds no new secret to lose.
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@Inject(AUTH_ENV) env: Pick<AuthEnv, 'JWT_SECRET' | 'TOTP_ENCRYPTION_KEY'>) {
    const material = env.TOTP_ENCRYPTION_KEY ?? env.JWT_SECRET;
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'labeldesk totp secret v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** Throws when the value was sealed under another key (the key changed) or altered. */
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
