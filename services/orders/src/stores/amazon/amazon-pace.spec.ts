import { UsagePlanPacer } from './amazon-pace';

describe('spacing SP-API calls to their usage plans', () => {
  const clock = () => {
    const state = { now: 0, slept: [] as number[] };
    const pacer = new UsagePlanPacer(
      async (ms) => {
        state.slept.push(ms);
        state.now += ms;
      },
      () => state.now,
    );
    return { state, pacer };
  };

  it('calls a burst at once, then waits 1/rate for each further call (getOrders: 20, then one a minute)', async () => {
    const { state, pacer } = clock();
    for (let i = 0; i < 20; i++) await pacer.before('A1', 'getOrders');
    expect(state.slept).toEqual([]);
    await pacer.before('A1', 'getOrders');
    expect(state.slept).toEqual([59_881]);
  });

  it('keeps each selling partner\'s and each operation\'s bucket apart', async () => {
    const { state, pacer } = clock();
    for (let i = 0; i < 20; i++) await pacer.before('A1', 'getOrders');
    await pacer.before('A2', 'getOrders');
    await pacer.before('A1', 'getOrderItems');
    expect(state.slept).toEqual([]);
  });

  it('takes the rate Amazon answers in x-amzn-RateLimit-Limit, and an empty bucket after a 429', async () => {
    const { state, pacer } = clock();
    pacer.after('A1', 'getOrderItems', 200, { 'x-amzn-ratelimit-limit': '2.0' });
    expect(pacer.rateOf('A1', 'getOrderItems')).toBe(2);
    pacer.after('A1', 'getOrderItems', 429, {});
    await pacer.before('A1', 'getOrderItems');
    expect(state.slept).toEqual([500]);
  });

  it('does not wait longer than about a minute: a slower plan is called and its 429 answered', async () => {
    const { state, pacer } = clock();
    pacer.after('A1', 'getOrders', 429, { 'x-amzn-ratelimit-limit': '0.005' });
    await pacer.before('A1', 'getOrders');
    expect(state.slept).toEqual([]);
  });
});
