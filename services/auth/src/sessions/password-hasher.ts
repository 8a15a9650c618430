import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's m=19456 KiB, t=2, p=1, set explicitly because the library's defaults are weaker.
 * `algorithm: 2` is Algorithm.Argon2id (a const enum the compiler cannot inline across packages).
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verifying against this when the email is unknown keeps the answer time the same: no account enumeration. */
  private readonly decoy = hash('decoy-password-for-unknown-accounts', ARGON2ID);

  hash(password: string): Promise<string> {
    return hash(password, ARGON2ID);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const target = passwordHash ?? (await this.decoy);
    const matches = await verify(target, password).catch(() => false);
    return passwordHash !== null && matches;
  }
}
