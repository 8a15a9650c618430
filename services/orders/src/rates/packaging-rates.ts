import { formatUsd, type Rate, type RatePackaging } from '@labeldesk/contracts';
import type { CarrierPackagingRate } from '../carriers';

/** Whole pounds, any fraction up, as the couriers bill a parcel by weight. */
const wholePoundsUp = (weightLb: number): number => Math.ceil(weightLb - 1e-9);

/** A service's rate in the sender's own box, as the user pays it. */
export interface OwnBoxRate {
  rate: Rate;
  /** The parcel's actual weight (lb): the own box is priced at it, rounded up to the pound. */
  weightLb: number;
}

/** Why the packaging is cheaper, in the user's own prices: "Cubic tier 0.2 ft³: $6.20 less than 5 lb by weight". */
export const packagingReason = (option: Pick<CarrierPackagingRate, 'basis'>, savingCents: number, weightLb: number): string =>
  `${option.basis[0]!.toUpperCase()}${option.basis.slice(1)}: ${formatUsd(savingCents)} less than ${wholePoundsUp(weightLb)} lb by weight`;

/**
 * A packaging option as a rate of its own, when the user's price for it is under their own box's: the same service,
 * courier and days, the packaging named and why it is cheaper, with the id an order buys it by when the label carrier
 * that rated it sells packaging (`sold`), else as advice. It takes no tags: they compare the services in the sender's
 * own box. Null when it would not save the user money.
 */
export const packagingRate = (ownBox: OwnBoxRate, option: CarrierPackagingRate, priceCents: number, showCosts: boolean, sold: boolean): Rate | null => {
  const savingCents = ownBox.rate.priceCents - priceCents;
  if (savingCents <= 0) return null;
  const packaging: RatePackaging = {
    ...(sold ? { id: option.id } : { adviceOnly: true }),
    kind: option.kind,
    name: option.name,
    reason: packagingReason(option, savingCents, ownBox.weightLb),
  };
  const { costCents: _ownCost, marginCents: _ownMargin, ...rest } = ownBox.rate;
  return { ...rest, priceCents, tags: [], ...(showCosts ? { costCents: option.costCents, marginCents: priceCents - option.costCents } : {}), packaging };
};
