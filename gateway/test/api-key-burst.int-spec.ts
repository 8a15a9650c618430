import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './support/json-request';

const PASSWORD = 'correct-horse-1';
/** Low, so that a burst of three minutes' worth is quick; a quarter second of it is less than one request. */
const KEY_RATE_PER_MINUTE = 30;
/** What one replica may hold of a key's bucket: a quarter second's worth, at least one request (decision 075). */
const LEASE = Math.max(1, Math.floor(KEY_RATE_PER_MINUTE / 240));

/**
 * A key's burst is its limit, whatever the number of gateway replicas (decision 075): the replicas lease the key's
 * requests from its one bucket, kept by auth, so three minutes' worth sent at once, spread over three replicas, lets
 * through the minute's requests (plus at most one lease per replica, and what refilled while the burst ran). Before,
 * each replica had a bucket of its own, and all three let their minute through.
 */
const describeBurst = (mode: string, replicas: number, start: () => Promise<RunningSystem>): void => {
  describe(`API-key burst (${mode})`, () => {
    let system: RunningSystem;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);

    beforeAll(async () => {
      system = await start();
    }, startHookTimeout());

    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    it(`lets a burst of ${3 * KEY_RATE_PER_MINUTE} parallel requests through at most the limit (+ a lease per replica), and refuses the rest with 429 and Retry-After`, async () => {
      const email = `burst-${unique}@example.com`;
      const registered = await call('POST', '/auth/register', { body: { name: 'burst', email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(registered.status).toBe(201);
      const userId = String(registered.body.user?.['_id']);
      const created = await call('POST', '/keys', { body: { name: 'burst', scopes: ['labels:read'], password: PASSWORD }, token: registered.body.token ?? '' });
      expect(created.status).toBe(201);
      const key = String(created.body['key']);

      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 3 * KEY_RATE_PER_MINUTE }, async () => {
          const response = await fetch(`${system.baseUrl}/api/orders/total/${userId}`, { headers: { authorization: `Bearer ${key}` } });
          const body = (await response.json()) as { code?: string };
          return { status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') };
        }),
      );
      const refilled = Math.ceil(((Date.now() - started) / 60_000) * KEY_RATE_PER_MINUTE);

      const through = answers.filter((answer) => answer.status === 200).length;
      expect(through).toBeLessThanOrEqual(KEY_RATE_PER_MINUTE + replicas * LEASE + refilled);
      // The minute's requests do get through: the limit is shared, not cut into pieces.
      expect(through).toBeGreaterThanOrEqual(KEY_RATE_PER_MINUTE);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) expect(answer).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    });
  });
};

const env = { API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_RATE_PER_MINUTE) };
// One process: its own bucket is the limit (no lease, no network trip).
describeBurst('embedded mode, one process', 1, () => startEmbedded(env));
// Three gateway replicas behind the round-robin proxy: the burst is spread over all three, and their leases are asked
// of three auth replicas keeping the one bucket. The other services answer the requests let through: one of each.
describeBurst('distributed mode, three gateway replicas', 3, () => startDistributed(env, { replicasOf: { gateway: 3, auth: 3 } }));
