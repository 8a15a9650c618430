// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { apiScopeSchema, callerSchema } from '../caller';
import { emptySchema, okSchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { authUserSchema } from './auth-user.schema';

/** POST /api/keys */
export const createApiKeyBodySchema = z.object({
  name: z.string({ error: 'Key name must be text' }).trim().min(1, { error: 'Name the key' }).max(60, { error: 'A key name has at most 60 characters' }),
  scopes: z
    .array(apiScopeSchema, { error: 'Scopes must be a list' })
    .min(1, { error: 'Choose at least one scope' })
    .transform((scopes) => [...new Set(scopes)].sort()),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** A key as listed: never the key itself, which only its creation answers. */
export const apiKeySummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** `ld_live_` plus the first characters of the key, and its last four: enough to tell keys apart. */
  prefix: z.string(),
  last4: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const ApiKeysRpc = {
  create: defineRpc('auth.api-key.create.v1', createApiKeyBodySchema, createdApiKeySchema),
  list: defineRpc('auth.api-key.list.v1', emptySchema, apiKeyListSchema),
  revoke: defineRpc('auth.api-key.revoke.v1', z.object({ keyId: idSchema }), okSchema),
  /** The gateway asks who a key stands for; the answer's caller carries `authMethod: 'api_key'` and the key's scopes. */
  verify: defineRpc(
    'auth.api-key.verify.v1',
    z.object({ key: z.string().min(1).max(200) }),
    z.object({ caller: callerSchema, user: authUserSchema, keyId: idSchema }),
  ),
} as const;
