import { AuthRpc, DomainError, ErrorCode, PaymentsRpc, PricingRpc, type Service } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { JsonValue } from './json';
import type { CallContext } from '../auth/request-context';

/** The state an audited action changes, read the same way before and after it. */
export type Snapshot = (rpc: RpcClient, targetId: string | null, ctx: CallContext) => Promise<JsonValue | null>;

const missingIsNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) return null;
    throw error;
  }
};

const service = (s: Service): JsonValue => ({
  id: s._id,
  name: s.name,
  enabled: s.enabled,
  prices: s.prices.map((p) => ({ ...p })),
  pricingMode: s.pricingMode,
  markupPercent: s.markupPercent,
  markupCents: s.markupCents,
  // Only when some group is priced, so a snapshot of a service without groups reads as before.
  ...(s.groupPrices && Object.keys(s.groupPrices).length > 0 ? { groupPrices: JSON.parse(JSON.stringify(s.groupPrices)) as JsonValue } : {}),
});

/** A user as the admin area shows them: who they are, what they may do, what they hold. */
export const userSnapshot: Snapshot = async (rpc, userId, ctx) => {
  if (!userId) return null;
  const user = await missingIsNull(() => rpc.call(AuthRpc.getUser, { userId }, ctx));
  if (!user) return null;
  const summary = await rpc.call(PaymentsRpc.accountSummary, { userId }, ctx);
  return { name: user.name, email: user.email, role: user.role, activation: user.activation, referralCode: user.referralCode, twoFactorEnabled: user.twoFactorEnabled ?? false, balanceCents: summary.balanceCents };
};

/** One user's services and tiers. */
export const userServicesSnapshot: Snapshot = async (rpc, userId, ctx) => {
  if (!userId) return null;
  const { services } = await rpc.call(PricingRpc.listUserServices, { userId }, ctx);
  return services.map(service);
};

/** One default service, or all of them when no id is given (a sync). */
export const defaultServicesSnapshot: Snapshot = async (rpc, serviceId, ctx) => {
  const { services } = await rpc.call(PricingRpc.listDefaultServices, {}, ctx);
  if (!serviceId) return services.map(service);
  const one = services.find((s) => s._id === serviceId);
  return one ? service(one) : null;
};
