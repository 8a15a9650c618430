import { formatUsd } from '@labeldesk/contracts';
import { packagingChoicesFor, type PackagingChoice } from './packaging';
import type { SandboxParcel } from './parcel';
import { isUnavailable, sandboxRate, type SandboxRate } from './sandbox-rate';

/** A packaging that applies to the parcel, what it would cost, and why it is or is not the cheaper way. */
export interface PackagingOption extends SandboxRate {
  name: string;
  /** Plain words: "Cubic tier 0.2 ft³: cheaper than 5 lb by weight ($8.60 against $12.30)". */
  reason: string;
  /** Cheaper than the same service in the sender's own box priced by weight. */
  cheaperThanByWeight: boolean;
}

const byWeightWords = (rate: SandboxRate): string => `${rate.billedWeightLb} lb by ${rate.basis === 'dimensional' ? 'dimensional weight' : 'weight'}`;

const comparedWith = (option: SandboxRate, byWeight: SandboxRate): string => {
  const against = `(${formatUsd(option.costCents)} against ${formatUsd(byWeight.costCents)})`;
  if (option.costCents < byWeight.costCents) return `cheaper than ${byWeightWords(byWeight)} ${against}`;
  if (option.costCents > byWeight.costCents) return `dearer than ${byWeightWords(byWeight)} ${against}`;
  return `the same as ${byWeightWords(byWeight)} (${formatUsd(option.costCents)})`;
};

const parcelReason = (rate: SandboxRate): string =>
  rate.basis === 'dimensional'
    ? `Your packaging: billed at ${rate.billedWeightLb} lb by dimensional weight, as the box is large for its weight (${formatUsd(rate.costCents)})`
    : `Your packaging: billed at ${rate.billedWeightLb} lb by weight (${formatUsd(rate.costCents)})`;

const optionReason = (choice: PackagingChoice, rate: SandboxRate, byWeight: SandboxRate): string => {
  if (rate.packaging === 'parcel') return parcelReason(rate);
  const what = rate.basis === 'cubic' ? `Cubic tier ${rate.cubicTierFt3} ft³` : `${choice.name}, one price to any zone`;
  return `${what}: ${comparedWith(rate, byWeight)}`;
};

/**
 * Every packaging the service prices that this parcel can use (your packaging, Cubic, each Flat Rate box it fits), with
 * its cost and a plain reason, cheapest first. Empty when the service cannot carry the parcel at all (sandboxRate says why).
 */
export const packagingOptions = (serviceUid: string, parcel: SandboxParcel): PackagingOption[] => {
  const byWeight = sandboxRate(serviceUid, parcel, 'parcel');
  if (isUnavailable(byWeight)) return [];
  const options: PackagingOption[] = [];
  for (const choice of packagingChoicesFor(serviceUid)) {
    const rate = sandboxRate(serviceUid, parcel, choice.id);
    if (isUnavailable(rate)) continue;
    const reason = optionReason(choice, rate, byWeight);
    options.push({ ...rate, name: choice.name, reason, cheaperThanByWeight: rate.costCents < byWeight.costCents });
  }
  return options.sort((a, b) => a.costCents - b.costCents);
};
