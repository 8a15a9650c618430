import { usersListResponseSchema } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { userKeys } from './keys';

/** Admin only: every user, with money fields in cents. */
export const listUsers = (signal?: AbortSignal): Promise<PublicUser[]> =>
  apiRequest('/api/auth/users', { schema: usersListResponseSchema, ...(signal ? { signal } : {}) });

export const useUsers = () =>
  useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => listUsers(signal),
  });
