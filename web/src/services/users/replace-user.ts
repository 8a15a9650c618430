import type { PublicUser } from '@labeldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';

/** Puts the server's answer for one user into the cached list, so the table changes without a reload. */
export const replaceUserInList = (queryClient: QueryClient, user: PublicUser): void => {
  queryClient.setQueryData<PublicUser[]>(userKeys.list(), (list) => list?.map((item) => (item._id === user._id ? user : item)));
};
