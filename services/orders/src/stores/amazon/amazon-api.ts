import { z } from 'zod';
import type { StoreAnswer, StoreHttp } from '../http/store-http';
import { StoreAuthorizationError, type StoreAccount } from '../plugin/store-plugin';
import { tokensForRefresh } from './amazon-lwa';
import { sharedPacer, type SpApiOperation, type UsagePlanPacer } from './amazon-pace';
import type { AmazonSettings } from './amazon-settings';

/** A resource whose personal data (`shippingAddress`, `buyerInfo`) a Restricted Data Token unlocks (Tokens API 2021-03-01). */
export interface RestrictedResource {
  method: 'GET';
  path: string;
  dataElements: Array<'shippingAddress' | 'buyerInfo'>;
}

export interface SpApiCall {
  operation: SpApiOperation;
  method: 'GET' | 'POST';
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  /** Called with a Restricted Data Token for these resources instead of the access token. */
  restricted?: readonly RestrictedResource[];
}

/** The SP-API's error body: `{errors: [{code, message, details}]}`. */
const errorsSchema = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string(), details: z.string().optional() })).min(1) });
const rdtSchema = z.object({ restrictedDataToken: z.string().min(1), expiresIn: z.number().int().positive() });

const reasonOf = (answer: StoreAnswer): string => {
  const parsed = errorsSchema.safeParse(answer.body);
  if (!parsed.success) return `HTTP ${answer.status}`;
  const [first] = parsed.data.errors;
  return first ? `${first.message}${first.details ? ` (${first.details})` : ''}` : `HTTP ${answer.status}`;
};

/**
 * One seller's calls to the Selling Partner API (a refusal of LabelDesk's access is a StoreAuthorizationError, which
 * the connection shows with "reconnect the store"): the LWA access token in `x-amz-access-token` (renewed from the
 * refresh token when missing, or once when Amazon answers 403 to it, as it does to an expired one), a Restricted Data
 * Token for the calls that read buyers' addresses (one per set of resources, made again when it expires), each call
 * spaced to its usage plan. A 429 is waited out by the stores' HTTP client (the shared backoff) before it reaches here.
 */
export class SpApi {
  private accessToken: string | null;
  private readonly rdts = new Map<string, string>();

  constructor(
    private readonly account: StoreAccount,
    private readonly http: StoreHttp,
    private readonly settings: AmazonSettings,
    private readonly pacer: UsagePlanPacer = sharedPacer,
  ) {
    this.accessToken = account.secrets['access_token'] ?? null;
  }

  get sellingPartnerId(): string {
    return this.account.secrets['selling_partner_id'] ?? '';
  }

  /** The 2xx answer, or an error saying what Amazon answered. */
  async call(call: SpApiCall): Promise<StoreAnswer> {
    for (let attempt = 1; ; attempt++) {
      const token = call.restricted ? await this.restrictedToken(call.restricted) : await this.access();
      await this.pacer.before(this.sellingPartnerId, call.operation);
      const url = new URL(call.path, this.account.url);
      for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
      const answer = await this.http.send({ method: call.method, url: url.toString(), headers: { 'x-amz-access-token': token }, ...(call.body === undefined ? {} : { body: call.body }) });
      this.pacer.after(this.sellingPartnerId, call.operation, answer.status, answer.headers);
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (answer.status === 403 && attempt === 1) {
        // An hour-old token is refused with 403 like a revoked one: renew it once, and only a second 403 is final.
        if (call.restricted) this.rdts.delete(JSON.stringify(call.restricted));
        else this.accessToken = null;
        continue;
      }
      throw this.errorOf(call, answer);
    }
  }

  private errorOf(call: SpApiCall, answer: StoreAnswer): Error {
    if (answer.status === 403) return new StoreAuthorizationError(`Amazon refused LabelDesk's access to this seller's orders: ${reasonOf(answer)}`);
    if (answer.status === 429) {
      const seconds = Math.round(1 / this.pacer.rateOf(this.sellingPartnerId, call.operation));
      return new Error(`Amazon is limiting LabelDesk's calls to ${call.operation} (one every ${seconds} s): tried again later`);
    }
    return new Error(`Amazon answered ${answer.status} to ${call.operation}: ${reasonOf(answer)}`);
  }

  private async access(): Promise<string> {
    if (this.accessToken === null) {
      const refreshToken = this.account.secrets['refresh_token'];
      if (!refreshToken) throw new StoreAuthorizationError('The Amazon connection has no refresh token');
      this.accessToken = (await tokensForRefresh(refreshToken, this.http, this.settings)).access_token;
    }
    return this.accessToken;
  }

  private async restrictedToken(resources: readonly RestrictedResource[]): Promise<string> {
    const key = JSON.stringify(resources);
    const known = this.rdts.get(key);
    if (known !== undefined) return known;
    const answer = await this.call({ operation: 'createRestrictedDataToken', method: 'POST', path: '/tokens/2021-03-01/restrictedDataToken', body: { restrictedResources: resources } });
    const parsed = rdtSchema.safeParse(answer.body);
    if (!parsed.success) throw new Error('Amazon answered a Restricted Data Token we cannot read');
    this.rdts.set(key, parsed.data.restrictedDataToken);
    return parsed.data.restrictedDataToken;
  }
}
