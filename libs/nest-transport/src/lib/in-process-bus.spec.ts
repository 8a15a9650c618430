import { InProcessBus, type BusEndpoint } from './in-process-bus';

const endpoint = (overrides: Partial<BusEndpoint>): BusEndpoint => ({
  handlesRequest: () => false,
  handlesEvent: () => false,
  request: () => undefined,
  event: () => undefined,
  ...overrides,
});

describe('InProcessBus', () => {
  it('round-trips payloads through JSON the way NATS does', async () => {
    const bus = new InProcessBus();
    const seen: unknown[] = [];
    bus.register(endpoint({ handlesRequest: () => true, request: (m, reply) => { seen.push(m.data); reply({ response: m.data, isDisposed: true }); } }));
    const reply = await new Promise((resolve) => bus.request({ subject: 's', data: { at: new Date(0), gone: undefined }, headers: {} }, resolve));
    expect(seen[0]).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(reply).toEqual({ response: { at: '1970-01-01T00:00:00.000Z' }, isDisposed: true });
  });

  it('delivers asynchronously, never inside the caller\'s stack', () => {
    const bus = new InProcessBus();
    let handled = false;
    bus.register(endpoint({ handlesRequest: () => true, request: () => { handled = true; } }));
    bus.request({ subject: 's', data: {}, headers: {} }, () => undefined);
    expect(handled).toBe(false);
  });

  it('spreads requests over the endpoints of one subject like a queue group', async () => {
    const bus = new InProcessBus();
    const served: string[] = [];
    for (const name of ['a', 'b']) {
      bus.register(endpoint({ handlesRequest: () => true, request: (_m, reply) => { served.push(name); reply({ response: name, isDisposed: true }); } }));
    }
    for (let i = 0; i < 4; i++) await new Promise((resolve) => bus.request({ subject: 's', data: {}, headers: {} }, resolve));
    expect(served.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('sends an event to every endpoint that listens to it', async () => {
    const bus = new InProcessBus();
    const got: string[] = [];
    bus.register(endpoint({ handlesEvent: () => true, event: () => got.push('one') }));
    bus.register(endpoint({ handlesEvent: () => true, event: () => got.push('two') }));
    bus.publish({ subject: 'e', data: {}, headers: {} });
    await new Promise((r) => setImmediate(r));
    expect(got.sort()).toEqual(['one', 'two']);
  });
});
