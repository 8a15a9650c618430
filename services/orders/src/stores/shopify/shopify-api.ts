import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import { StoreAuthorizationError, StoreRefusedError, type StoreAccount } from '../plugin/store-plugin';
import type { ShopifySettings } from './shopify-settings';

/** Calls of one query at most while Shopify answers THROTTLED. */
const THROTTLED_TRIES = 6;
/** The longest wait for the cost bucket to refill. */
const MAX_WAIT_MS = 30_000;

const throttleStatusSchema = z.object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() });
const answerSchema = z.object({
  data: z.unknown().optional(),
  errors: z.union([z.string(), z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).loose().optional() }).loose())]).optional(),
  extensions: z.object({ cost: z.object({ requestedQueryCost: z.number(), throttleStatus: throttleStatusSchema }).loose().optional() }).loose().optional(),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the bucket takes to hold `needed` points again, from Shopify's own throttleStatus (leaky bucket, restoreRate a second). */
export const throttleWaitMs = (needed: number, status: z.infer<typeof throttleStatusSchema>): number =>
  Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(((needed - status.currentlyAvailable) / Math.max(status.restoreRate, 1)) * 1000)));

/**
 * One Admin GraphQL API call (`POST /admin/api/{version}/graphql.json` with X-Shopify-Access-Token). Shopify's
 * cost-based limit answers 200 with a THROTTLED error: the call is asked again once the bucket holds the query's
 * requested cost (its throttleStatus says when). A 401 is a token no longer accepted (app uninstalled, access revoked).
 */
export const shopifyGraphql = async (http: StoreHttp, account: StoreAccount, settings: ShopifySettings, query: string, variables: Record<string, unknown>): Promise<unknown> => {
  const url = `${account.url}/admin/api/${settings.SHOPIFY_API_VERSION}/graphql.json`;
  for (let attempt = 1; ; attempt++) {
    const answer = await http.send({ method: 'POST', url, headers: { 'x-shopify-access-token': account.secrets['access_token'] ?? '' }, body: { query, variables } });
    const parsed = answerSchema.safeParse(answer.body);
    const reason = parsed.success && typeof parsed.data.errors === 'string' ? parsed.data.errors : `HTTP ${answer.status}`;
    if (answer.status === 401 || answer.status === 403) throw new StoreAuthorizationError(`Shopify no longer accepts this store's access token (${reason})`);
    if (answer.status === 402 || answer.status === 423) throw new StoreRefusedError(`Shopify refused the call: the shop is ${answer.status === 402 ? 'frozen (unpaid)' : 'locked'}`);
    if (answer.status < 200 || answer.status >= 300 || !parsed.success) throw new Error(`Shopify answered ${answer.status}: ${reason}`);
    const errors = Array.isArray(parsed.data.errors) ? parsed.data.errors : [];
    const cost = parsed.data.extensions?.cost;
    if (errors.some((error) => error.extensions?.code === 'THROTTLED') && attempt < THROTTLED_TRIES) {
      await sleep(cost ? throttleWaitMs(cost.requestedQueryCost, cost.throttleStatus) : 1000 * 2 ** (attempt - 1));
      continue;
    }
    if (errors.length > 0) throw new Error(`Shopify refused the query: ${errors.map((error) => error.message).join('; ')}`);
    // Leaves room for the next call: waits here when the bucket cannot hold another query of this cost.
    if (cost && cost.throttleStatus.currentlyAvailable < cost.requestedQueryCost) await sleep(throttleWaitMs(cost.requestedQueryCost, cost.throttleStatus));
    return parsed.data.data;
  }
};
