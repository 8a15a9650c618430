import { invitedUsersResponseSchema } from '@labeldesk/contracts';
import type { InvitedUser } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { inviteKeys } from './keys';

/** Spec section 9: invited users are listed 7 per page. */
export const INVITED_USERS_PAGE_SIZE = 7;

/** The people who registered with the user's code, newest first; total deposits in cents. */
export const listInvitedUsers = (userId: string, signal?: AbortSignal): Promise<InvitedUser[]> =>
  apiRequest(`/api/invite/${encodeURIComponent(userId)}`, { schema: invitedUsersResponseSchema, ...(signal ? { signal } : {}) });

/** Waits for a user id (the admin page has none until a user is picked). */
export const useInvitedUsers = (userId: string | null) =>
  useQuery({
    queryKey: inviteKeys.invitedUsers(userId ?? ''),
    queryFn: ({ signal }) => listInvitedUsers(userId ?? '', signal),
    enabled: userId !== null && userId !== '',
  });
