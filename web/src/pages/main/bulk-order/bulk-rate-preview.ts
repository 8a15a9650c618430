import { chooseRate, effectiveRateRule, type BulkOrderItem, type ChoosingRateRule, type Rate } from '@labeldesk/contracts';
import type { KeyedParcel } from '../../../services/bulk-orders/batch-rates';
import { checkRow, type BulkRow, type ValidationContext } from './bulk-rows';

/** What a row under a rate rule will be bought as, or why it cannot be. */
export type RowRateChoice = { serviceName: string; priceCents: number; savedCents: number; deliveryDays: number | null } | { problem: string };

/**
 * A row of a service priced from each parcel's carrier rate (cost + markup, decision 085; every service abroad): no
 * weight quote prices it, so its price is that service's rate for its parcel, as the server prices it at submit.
 */
export interface RatedService {
  kind: 'named';
  serviceName: string;
}

/** A row rated from its parcel's rates (under a rate rule, or of a service priced so): its parcel's key and its pick. */
export interface RuledRow {
  rowId: number;
  key: string;
  rule: ChoosingRateRule | RatedService;
}

/** How a row is rated: the batch's or its own rule, else by its service's rate when that service is priced so. */
const pickOf = (row: BulkRow, context: ValidationContext): ChoosingRateRule | RatedService | null => {
  const rule = effectiveRateRule(row.values.ServiceName, context.rateRule);
  if (rule) return rule;
  const serviceName = row.values.ServiceName.trim();
  return context.ratePriced?.has(serviceName) ? { kind: 'named', serviceName } : null;
};

const quarterInches = (inches: number) => Math.round(inches * 4);

/** The key rows share a parcel's rates by, as the server's: ZIP3 pair, whole ounces, quarter-inch size. */
export const parcelKeyOf = (item: BulkOrderItem): string =>
  [
    item.sender.sender_zip_postal.slice(0, 3), item.receiver.receiver_zip_postal.slice(0, 3), Math.ceil(item.package.package_weight * 16),
    quarterInches(item.package.package_length), quarterInches(item.package.package_width), quarterInches(item.package.package_height),
  ].join('|');

/** The valid rows a rate rule applies to, and the distinct parcels to rate for them (the first row's addresses). */
export const ruledRowsOf = (rows: readonly BulkRow[], context: ValidationContext): { ruled: RuledRow[]; parcels: KeyedParcel[] } => {
  const ruled: RuledRow[] = [];
  const parcels = new Map<string, KeyedParcel>();
  for (const row of rows) {
    const rule = pickOf(row, context);
    if (!rule || row.errors) continue;
    const { item } = checkRow(row.values, context, row.missingPreset);
    if (!item) continue;
    const key = parcelKeyOf(item);
    ruled.push({ rowId: row.id, key, rule });
    if (!parcels.has(key)) parcels.set(key, { key, parcel: { sender: item.sender, receiver: item.receiver, package: item.package } });
  }
  return { ruled, parcels: [...parcels.values()] };
};

/** A bulk row ships in its own box: the comparison's cheaper packaging is advice for the single form only. */
const ownBox = (rates: readonly Rate[]): Rate[] => rates.filter((rate) => !rate.packaging || rate.packaging.kind === 'own_box');

/** Each ruled row's choice among its parcel's rates, with the same picker the server uses; undefined while not rated. */
export const rowChoices = (ruled: readonly RuledRow[], rates: ReadonlyMap<string, Rate[] | string> | undefined): Map<number, RowRateChoice> => {
  const choices = new Map<number, RowRateChoice>();
  if (!rates) return choices;
  for (const { rowId, key, rule } of ruled) {
    const answer = rates.get(key);
    if (answer === undefined) continue;
    if (typeof answer === 'string') {
      choices.set(rowId, { problem: answer });
      continue;
    }
    if (rule.kind === 'named') {
      choices.set(rowId, serviceRateChoice(ownBox(answer), rule.serviceName));
      continue;
    }
    const choice = chooseRate(ownBox(answer), rule);
    choices.set(
      rowId,
      choice.ok ? { serviceName: choice.rate.service, priceCents: choice.rate.priceCents, savedCents: choice.savedCents, deliveryDays: choice.rate.deliveryDays } : { problem: choice.reason },
    );
  }
  return choices;
};

/** The row's own service at its parcel's rate, or why it has none (nothing is saved: no rule chose it). */
const serviceRateChoice = (rates: readonly Rate[], serviceName: string): RowRateChoice => {
  const rate = rates.find((candidate) => candidate.service === serviceName);
  return rate ? { serviceName, priceCents: rate.priceCents, savedCents: 0, deliveryDays: rate.deliveryDays } : { problem: `${serviceName} has no rate for this parcel` };
};

/** The ruled rows' total and savings: what the footer adds to the quoted total. */
export const choiceTotals = (choices: ReadonlyMap<number, RowRateChoice>): { totalCents: number; savedCents: number; problems: number } => {
  let totalCents = 0;
  let savedCents = 0;
  let problems = 0;
  for (const choice of choices.values()) {
    if ('problem' in choice) problems += 1;
    else {
      totalCents += choice.priceCents;
      savedCents += choice.savedCents;
    }
  }
  return { totalCents, savedCents, problems };
};
