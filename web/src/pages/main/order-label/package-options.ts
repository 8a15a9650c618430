import type { AvailableService, SkuRecord } from '@labeldesk/contracts';

export type LoadState = 'loading' | 'error' | 'ready';

/** Services grouped by category, in the order the server sent them; a service without one is under Other. */
export const byCategory = (services: readonly AvailableService[]): [string, AvailableService[]][] => {
  const groups = new Map<string, AvailableService[]>();
  services.forEach((service) => {
    const category = service.category || 'Other';
    groups.set(category, [...(groups.get(category) ?? []), service]);
  });
  return [...groups.entries()];
};

/** The line under the Service select: loading, failed, none available, or the weight limit. */
export const serviceHelp = (state: LoadState, count: number, maxWeightLb: number): string => {
  if (state === 'loading') return 'Loading services…';
  if (state === 'error') return 'Failed to load services. Reload the page to try again.';
  if (count === 0) return 'No services are available to you yet. Contact support.';
  return `Parcels up to ${maxWeightLb} lb.`;
};

/** A saved SKU as its option reads: the code, then its description when it has one. */
export const skuOptionText = (sku: Pick<SkuRecord, 'sku' | 'description'>): string => (sku.description ? `${sku.sku} — ${sku.description}` : sku.sku);
