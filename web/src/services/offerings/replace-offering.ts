import type { Service } from '@labeldesk/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Puts the server's answer for one offering into a cached list, so its card shows what was saved. */
export const replaceOfferingInList = (queryClient: QueryClient, key: QueryKey, offering: Service): void => {
  queryClient.setQueryData<Service[]>(key, (list) => list?.map((item) => (item._id === offering._id ? offering : item)));
};
