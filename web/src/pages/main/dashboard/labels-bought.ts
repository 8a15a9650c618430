import type { TotalOrdersResponse } from '@labeldesk/contracts';

/**
 * What the Total Orders card counts, in the words of the pages that list each part: labels bought one at a time are
 * on Orders, labels bought in batches on Batch Orders (one batch row holds many labels, so the total is not a count
 * of the rows of either page).
 */
export const labelsBoughtParts = (counts: Pick<TotalOrdersResponse, 'singleLabels' | 'batchLabels'>) => ({
  single: `${counts.singleLabels} single`,
  batches: `${counts.batchLabels} in ${counts.batchLabels === 1 ? 'a batch' : 'batches'}`,
});
