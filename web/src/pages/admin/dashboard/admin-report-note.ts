import { formatUsd, periodName, type AdminReport } from '@labeldesk/contracts';

const labelsText = (count: number): string => (count === 1 ? '1 label' : `${count.toLocaleString('en-US')} labels`);

/** What the figures count: the span, the revenue rule, the labels given back and those left out of the margin. */
export const reportNote = (report: AdminReport): string => {
  const { withoutCost, givenBack } = report.totals;
  const back = givenBack.labels > 0 ? `; ${labelsText(givenBack.labels)} voided or refunded (${formatUsd(givenBack.cents)}) ${givenBack.labels === 1 ? 'counts' : 'count'} as neither revenue nor cost` : '';
  const unknown = withoutCost.labels > 0 ? ` ${labelsText(withoutCost.labels)} (${formatUsd(withoutCost.revenueCents)}) ${withoutCost.labels === 1 ? 'has' : 'have'} no recorded carrier cost and ${withoutCost.labels === 1 ? 'is' : 'are'} left out of the margin.` : '';
  return `Labels bought ${periodName(report.from, 'day')} to ${periodName(report.to, 'day')} (UTC). Revenue is what customers paid for the labels they kept${back}.${unknown}`;
};
