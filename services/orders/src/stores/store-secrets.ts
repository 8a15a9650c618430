import { Inject, Injectable } from '@nestjs/common';
import { SealedText } from '@labeldesk/nest-config';
import { ORDERS_ENV, type OrdersEnv } from '../config';

/**
 * A store's API keys and tokens are sealed at rest (AES-256-GCM, as auth seals two-factor secrets, decision 050), so
 * a copy of the orders database alone reaches no seller's store. The key is STORE_ENCRYPTION_KEY, or else derived
 * (HKDF) from this process's CALLER_KEY (decision 105).
 */
@Injectable()
export class StoreSecrets {
  private readonly box: SealedText;

  constructor(@Inject(ORDERS_ENV) env: Pick<OrdersEnv, 'STORE_ENCRYPTION_KEY' | 'CALLER_KEY'>) {
    this.box = new SealedText(env.STORE_ENCRYPTION_KEY ?? env.CALLER_KEY, 'labeldesk store secrets v1', 'sealed store secrets');
  }

  seal(secrets: Readonly<Record<string, string>>): string {
    return this.box.seal(JSON.stringify(secrets));
  }

  /** Throws when the value was sealed under another key (the key changed) or altered. */
  open(sealed: string): Record<string, string> {
    return JSON.parse(this.box.open(sealed)) as Record<string, string>;
  }
}
