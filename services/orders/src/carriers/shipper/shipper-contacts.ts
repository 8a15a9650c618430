import { Inject, Injectable } from '@nestjs/common';
import { AuthRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { CARRIER_REGISTRY, type LabelShipper } from '../carrier.port';
import type { CarrierRegistry } from '../registry/carrier-registry';

/** An e-mail changes rarely; a few minutes keeps a batch to one question per customer. */
export const CONTACT_TTL_MS = 5 * 60_000;
/** Bounded so a long run over many customers cannot grow without end. */
export const MAX_REMEMBERED = 10_000;

interface Remembered {
  email: string | null;
  until: number;
}

/**
 * The customer buying a label, as the carriers must know them. The e-mail lives in the auth service, so it is asked
 * for only when a carrier in the registry reports shippers (USPS), and each answer is kept for CONTACT_TTL_MS.
 */
@Injectable()
export class ShipperContacts {
  private readonly remembered = new Map<string, Remembered>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(CARRIER_REGISTRY) private readonly registry: Pick<CarrierRegistry, 'needsShipperContact'>,
  ) {}

  /** The shipper of a label bought for `userId`, whose sender address gives `phone`. */
  async shipperOf(userId: string, phone: string | null): Promise<LabelShipper> {
    if (!this.registry.needsShipperContact) return { accountId: userId, email: null, phone };
    return { accountId: userId, email: await this.emailOf(userId), phone };
  }

  private async emailOf(userId: string): Promise<string | null> {
    const now = Date.now();
    const known = this.remembered.get(userId);
    if (known && known.until > now) return known.email;
    // Auth unreachable throws: the label waits for a later try rather than failing for want of an e-mail.
    const { email } = await this.rpc.call(AuthRpc.userContact, { userId }, { asService: true });
    this.remembered.delete(userId);
    if (this.remembered.size >= MAX_REMEMBERED) {
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
    this.remembered.set(userId, { email, until: now + CONTACT_TTL_MS });
    return email;
  }
}
