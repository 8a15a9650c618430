import type { Service } from '@labeldesk/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Puts the server's answer for one service into a cached list, so its card shows what was saved. */
export const replaceServiceInList = (queryClient: QueryClient, key: QueryKey, service: Service): void => {
  queryClient.setQueryData<Service[]>(key, (list) => list?.map((item) => (item._id === service._id ? service : item)));
};
