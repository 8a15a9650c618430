import type { Service } from '@labeldesk/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Puts the server's answer for one shipping service into a cached list, so its card shows what was saved. */
export const replaceShippingServiceInList = (queryClient: QueryClient, key: QueryKey, shippingService: Service): void => {
  queryClient.setQueryData<Service[]>(key, (list) => list?.map((item) => (item._id === shippingService._id ? shippingService : item)));
};
