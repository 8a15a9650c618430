import { type Courier } from '@labeldesk/contracts';
import { failureText } from './easypost-outcomes';
import type { EasyPostClient } from './easypost.client';
import { easyPostCarrierAccountSchema } from './easypost.schema';
import { courierOfAccountType } from './easypost-services';

/**
 * Which couriers the configured EasyPost carrier accounts serve: asked of EasyPost once (`GET /v2/carrier_accounts`
 * names each account's `type`, e.g. `UpsAccount`) and kept; a failed look-up is asked again next time. With no
 * accounts configured the adapter sells USPS alone, as it always has, and asks nothing.
 */
export class EasyPostCouriers {
  private known: Promise<ReadonlySet<Courier>> | null = null;

  constructor(
    private readonly client: EasyPostClient,
    private readonly accountIds: readonly string[],
  ) {}

  served(): Promise<ReadonlySet<Courier>> {
    if (this.accountIds.length === 0) return Promise.resolve(new Set<Courier>(['usps']));
    this.known ??= this.lookUp().catch((error: unknown) => {
      this.known = null;
      throw error;
    });
    return this.known;
  }

  private async lookUp(): Promise<ReadonlySet<Courier>> {
    const reply = await this.client.listCarrierAccounts();
    if (reply.kind !== 'ok') throw new Error(`EasyPost did not list its carrier accounts: ${failureText(reply)}`);
    const listed = (Array.isArray(reply.body) ? reply.body : []).flatMap((item: unknown) => {
      const account = easyPostCarrierAccountSchema.safeParse(item);
      return account.success ? [account.data] : [];
    });
    const couriers = new Set<Courier>();
    for (const id of this.accountIds) {
      const account = listed.find((candidate) => candidate.id === id);
      if (!account) throw new Error(`EasyPost has no carrier account ${id} for this API key (EASYPOST_CARRIER_ACCOUNTS).`);
      const courier = courierOfAccountType(account.type);
      if (!courier) throw new Error(`EasyPost carrier account ${id} is a ${account.type}, a courier this platform does not sell.`);
      couriers.add(courier);
    }
    return couriers;
  }
}
