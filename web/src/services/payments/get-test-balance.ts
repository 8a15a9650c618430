import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../libs/http-client';
import { useAuthStore } from '../../stores/auth.store';
import { useUiStore } from '../../stores/ui.store';
import { paymentKeys } from './keys';

/** `GET /api/v1/balance`'s answer: the spendable and the held cents of one mode's balance. */
const modeBalanceSchema = z.object({ available_cents: z.number().int(), held_cents: z.number().int() });

/** The session's test balance (decision 124): the play money its test keys topped up, never mixed with the live one. */
export const getTestBalance = (signal?: AbortSignal): Promise<z.infer<typeof modeBalanceSchema>> =>
  apiRequest('/api/v1/balance?mode=test', { schema: modeBalanceSchema, ...(signal ? { signal } : {}) });

/** The test balance in cents while the Test mode switch is on; not asked for while it is off. */
export const useTestBalance = () => {
  const token = useAuthStore((state) => state.token);
  const testMode = useUiStore((state) => state.testMode);
  return useQuery({
    queryKey: paymentKeys.testBalance(token),
    queryFn: ({ signal }) => getTestBalance(signal),
    enabled: token !== null && testMode,
    select: (data) => data.available_cents,
  });
};
