import { useAuthStore } from '../stores/auth.store';

/**
 * True while an admin is signed in as a customer ('Login as User'): their own session is kept aside to return to. The
 * server refuses such a session what proves the account (decision 069); pages say so instead of shipping service it.
 */
export const useSignedInAsCustomer = (): boolean => useAuthStore((state) => state.impersonator !== null);
