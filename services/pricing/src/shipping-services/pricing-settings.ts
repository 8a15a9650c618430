import type { PricingBody } from '@labeldesk/contracts';
import { basisPointsOf } from './cost-markup.policy';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from './shipping-service.entities';

/**
 * Writes a pricing mode and markup onto a default or a user's copy. The body is the contract's, already checked
 * (0–500 %, two decimals; whole cents 0–100,000). The tiers stay as they are, for when the mode goes back to tiers.
 */
export const applyPricing = (shippingService: DefaultShippingServiceEntity | UserShippingServiceEntity, body: PricingBody): void => {
  shippingService.pricingMode = body.pricingMode;
  shippingService.markupBasisPoints = basisPointsOf(body.markupPercent);
  shippingService.markupCents = body.markupCents;
};
