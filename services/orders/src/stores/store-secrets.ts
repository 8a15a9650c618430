import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ORDERS_ENV, type OrdersEnv } from '../config';

const VERSION = 'v1';

/**
 * A store's API keys and tokens are sealed at rest (AES-256-GCM, as auth seals two-factor secrets, decision 050), so
 * a copy of the orders database alone reaches no seller's store. The key is STORE_ENCRYPTION_KEY, or else derived
 * (HKDF) from this process's CALLER_KEY (decision 105).
 */
@Injectable()
export class StoreSecrets {
  private readonly key: Buffer;

  constructor(@Inject(ORDERS_ENV) env: Pick<OrdersEnv, 'STORE_ENCRYPTION_KEY' | 'CALLER_KEY'>) {
    const material = env.STORE_ENCRYPTION_KEY ?? env.CALLER_KEY;
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'labeldesk store secrets v1', 32));
  }

  seal(secrets: Readonly<Record<string, string>>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** Throws when the value was sealed under another key (the key changed) or altered. */
  open(sealed: string): Record<string, string> {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not sealed store secrets');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')) as Record<string, string>;
  }
}
