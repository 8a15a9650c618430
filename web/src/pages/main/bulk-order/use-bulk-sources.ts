import { useEffect, useMemo } from 'react';
import { notify } from '../../../components/ui/toaster';
import { useAddresses } from '../../../services/addresses/list-addresses';
import { useBalance } from '../../../services/auth/get-balance';
import { useBulkLimits } from '../../../services/bulk-orders/bulk-limits';
import { useSkus } from '../../../services/skus/list-skus';
import { useAvailableServices } from '../../../services/shipping-services/available-services';
import type { ValidationContext } from './bulk-rows';
import type { LoadState } from './bulk-settings';

export const loadState = (query: { isPending: boolean; isError: boolean }): LoadState => (query.isPending ? 'loading' : query.isError ? 'error' : 'ready');

/**
 * What the Bulk Order page reads from the server before a file is loaded: the user's services (which also decide
 * how rows are checked), saved addresses, SKU presets, balance and the file limits. A failed load says so once.
 */
export const useBulkSources = (userId: string) => {
  const services = useAvailableServices(userId);
  const addresses = useAddresses(userId);
  const skus = useSkus(userId);
  const balance = useBalance();
  const limits = useBulkLimits();

  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const context: ValidationContext = useMemo(
    () => ({
      services: services.data ? new Map(services.data.map((service) => [service.name, service.maxWeight])) : null,
      ratePriced: new Set((services.data ?? []).filter((service) => service.pricingMode === 'cost_markup').map((service) => service.name)),
      skus: skus.data,
    }),
    [services.data, skus.data],
  );
  const serviceNames = useMemo(() => serviceList.map((service) => service.name), [serviceList]);

  useEffect(() => {
    if (services.isError) notify.error('Error loading services');
  }, [services.isError]);
  useEffect(() => {
    if (addresses.isError || skus.isError) notify.error('Error loading initial data');
  }, [addresses.isError, skus.isError]);

  return { services, addresses, skus, balance, limits, serviceList, serviceNames, context };
};
