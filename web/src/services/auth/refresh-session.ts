import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from './keys';

/**
 * Reloads the signed-in user (GET /api/auth/verify) and the balance, e.g. after a purchase, so the avatar
 * menu and the dashboard show the new balance. The session check copies the fresh user into the store.
 */
export const refreshSession = (queryClient: QueryClient): Promise<void> => queryClient.invalidateQueries({ queryKey: authKeys.all });
