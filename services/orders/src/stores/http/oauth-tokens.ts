import { z } from 'zod';
import { StoreAuthorizationError, StoreRefusedError } from '../plugin/store-plugin';
import type { StoreAnswer } from './store-http';

/** RFC 6749 §5.2's error answer, as stores' token endpoints give it. */
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * A store's token endpoint's answer read (RFC 6749 §5.1, §5.2): the tokens, or a refusal said in the store's words.
 * `invalid_grant` on a refresh means the seller took the app's access back (or it lapsed): StoreAuthorizationError,
 * which the connection shows with "reconnect the store"; any other 400/401 is a refused sign-in.
 */
export const tokensFrom = <Tokens>(answer: StoreAnswer, schema: z.ZodType<Tokens>, store: string, refreshing: boolean): Tokens => {
  if (answer.status === 200) {
    const tokens = schema.safeParse(answer.body);
    if (tokens.success) return tokens.data;
    throw new Error(`${store} answered tokens we cannot read: ${tokens.error.issues[0]?.message ?? 'unknown shape'}`);
  }
  const error = oauthErrorSchema.safeParse(answer.body);
  const reason = error.success ? `${error.data.error}${error.data.error_description ? `: ${error.data.error_description}` : ''}` : `HTTP ${answer.status}`;
  if (error.success && error.data.error === 'invalid_grant' && refreshing) throw new StoreAuthorizationError(`${store} no longer accepts LabelDesk's authorization (${reason})`);
  if (answer.status === 400 || answer.status === 401) throw new StoreRefusedError(`${store} refused the sign-in: ${reason}`);
  throw new Error(`${store}'s sign-in answered ${answer.status}: ${reason}`);
};
