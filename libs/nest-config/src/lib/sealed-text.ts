import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Text sealed at rest with AES-256-GCM under a key derived (HKDF-SHA256) from a service's secret material and a
 * purpose, so the same material seals different things under different keys (decision 050: two-factor secrets;
 * decision 105: stores' keys). A sealed value is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SealedText {
  private readonly key: Buffer;

  /** `what` names the sealed thing in the error a value that is not one of them raises. */
  constructor(
    material: string,
    purpose: string,
    private readonly what: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), purpose, 32));
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
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error(`not ${this.what}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
