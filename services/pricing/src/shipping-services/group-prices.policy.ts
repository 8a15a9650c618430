import { COUNTRY_GROUP_NAMES, DomainError, ErrorCode, tiersAreContinuous, type GroupPricesBody } from '@labeldesk/contracts';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-service.entities';

/**
 * Writes one country group's weight tiers onto a default or a user's copy (decision 116). The tiers run from 1 lb to
 * the service's maximum without gaps or overlaps, as its own do; an empty list clears the group, which is then priced
 * by the service's mode again. The other groups are left as they are.
 */
export const applyGroupPrices = (shippingService: DefaultShippingServiceEntity | UserShippingServiceEntity, body: GroupPricesBody): void => {
  const { [body.group]: _previous, ...others } = shippingService.groupPrices ?? {};
  if (body.prices.length === 0) {
    shippingService.groupPrices = others;
    return;
  }
  if (!tiersAreContinuous(body.prices, shippingService.maxWeight)) {
    throw new DomainError(
      ErrorCode.PRICING_INVALID_RANGES,
      `Invalid price ranges for ${COUNTRY_GROUP_NAMES[body.group]}. Please ensure ranges are continuous from 1 to ${shippingService.maxWeight} lb without gaps or overlaps.`,
      [{ path: 'prices', message: `Ranges must run from 1 to ${shippingService.maxWeight} lb without gaps or overlaps` }],
    );
  }
  shippingService.groupPrices = { ...others, [body.group]: [...body.prices].sort((a, b) => a.fromWeight - b.fromWeight) };
};
