import { MAX_PAUSE_MS, pauseFor, withBackoff } from './backoff';

const answer = (status: number, retryAfter?: string) => ({ status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('backing off a store that answers 429', () => {
  it('waits the Retry-After the store names, then asks again until it answers', async () => {
    const answers = [answer(429, '2'), answer(429, '0'), answer(200)];
    const slept: number[] = [];
    const result = await withBackoff(async () => answers.shift() ?? answer(500), { tries: 5, sleep: async (ms) => void slept.push(ms) });
    expect(result.status).toBe(200);
    expect(slept).toEqual([2_000, 0]);
  });

  it('doubles its pause when the store names none, and answers the 429 after the last try', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await withBackoff(async () => (calls++, answer(429)), { tries: 3, sleep: async (ms) => void slept.push(ms) });
    expect(result.status).toBe(429);
    expect(calls).toBe(3);
    expect(slept).toEqual([1_000, 2_000]);
  });

  it('reads a Retry-After date, and does not wait for one longer than it may', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(pauseFor({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, 1, now)).toBe(5_000);
    expect(pauseFor({ 'retry-after': String(MAX_PAUSE_MS / 1000 + 1) }, 1, now)).toBeNull();
  });

  it('does not ask again after an answer other than 429', async () => {
    let calls = 0;
    const result = await withBackoff(async () => (calls++, answer(503)), { tries: 5, sleep: async () => undefined });
    expect(result.status).toBe(503);
    expect(calls).toBe(1);
  });
});
