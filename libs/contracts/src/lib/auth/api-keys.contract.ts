// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineEvent, defineRpc } from '../define';
import { apiModeSchema, apiScopeSchema, callerSchema } from '../caller';
import { emptySchema, okSchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { authUserSchema } from './auth-user.schema';
import { AUTH_LIMITS, clientAddressSchema } from './credentials.schema';

/**
 * POST /api/keys. A key outlives the session that made it, so making one asks again who is there (decision 072): the
 * account's password, or, with two-factor sign-in on, a code from the app (or a recovery code) instead. Never trimmed.
 */
export const createApiKeyBodySchema = z.object({
  name: z.string({ error: 'Key name must be text' }).trim().min(1, { error: 'Name the key' }).max(60, { error: 'A key name has at most 60 characters' }),
  scopes: z
    .array(apiScopeSchema, { error: 'Scopes must be a list' })
    .min(1, { error: 'Choose at least one scope' })
    .transform((scopes) => [...new Set(scopes)].sort()),
  /** `test` makes an `ld_test_` key: the sandbox carrier and the test balance only (decision 110). Live when absent. */
  mode: apiModeSchema.optional(),
  password: z.string({ error: 'Password must be text' }).max(AUTH_LIMITS.passwordMax, { error: 'Password is incorrect' }).optional(),
  code: z.string({ error: 'Code must be text' }).max(40, { error: 'That code is not valid' }).optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** A key as listed: never the key itself, which only its creation answers. */
export const apiKeySummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** `ld_live_` (or `ld_test_`) plus the first characters of the key, and its last four: enough to tell keys apart. */
  prefix: z.string(),
  last4: z.string(),
  scopes: z.array(apiScopeSchema),
  /** Missing from a replica of the previous release, which made live keys only. */
  mode: apiModeSchema.default('live'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const ApiKeysRpc = {
  /** `clientAddress` (set by the gateway) counts wrong passwords as sign-in does. */
  create: defineRpc('auth.api-key.create.v1', createApiKeyBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), createdApiKeySchema, { who: 'signed-in', holderOnly: true }),
  list: defineRpc('auth.api-key.list.v1', emptySchema, apiKeyListSchema, { who: 'signed-in' }),
  revoke: defineRpc('auth.api-key.revoke.v1', z.object({ keyId: idSchema }), okSchema, { who: 'signed-in', holderOnly: true }),
  /** The gateway asks who a key stands for; the answer's caller carries `authMethod: 'api_key'` and the key's scopes. */
  verify: defineRpc(
    'auth.api-key.verify.v1',
    z.object({ key: z.string().min(1).max(200) }),
    z.object({ caller: callerSchema, user: authUserSchema, keyId: idSchema }),
    { who: 'public' },
  ),
} as const;

/** Most keys one usage event names; a replica with more in one interval sends several events. */
export const API_KEY_USAGE_MAX_KEYS = 2_000;

/** The requests one gateway replica let through per API key since its last such event. */
export const apiKeyUsageEventSchema = z.object({
  /** The sending replica, so it can skip its own event (it has counted those requests already). */
  replica: z.uuid(),
  spent: z
    .array(z.object({ keyId: idSchema, count: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(API_KEY_USAGE_MAX_KEYS),
});
export type ApiKeyUsageEvent = z.infer<typeof apiKeyUsageEventSchema>;

export const ApiKeyEvents = {
  /**
   * Sent by each gateway replica a few times a second while API keys are used, heard by every other one (no queue
   * group), which counts those requests against its own buckets: a key's rate limit holds across replicas.
   */
  usage: defineEvent('gateway.api-key.usage.v1', apiKeyUsageEventSchema),
} as const;
