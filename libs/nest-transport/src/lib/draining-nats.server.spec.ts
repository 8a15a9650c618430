import { ServerNats } from '@nestjs/microservices';
import { DrainingServerNats } from './draining-nats.server';
import { InFlightWork } from './in-flight';

type NatsMsg = Parameters<ServerNats['handleMessage']>[1];

describe('DrainingServerNats', () => {
  afterEach(() => jest.restoreAllMocks());

  it('counts a message as in flight from its arrival, before the guard and pipes run, until it is handled', async () => {
    const work = new InFlightWork();
    const server = new DrainingServerNats({ servers: ['nats://127.0.0.1:1'] }, work);
    let release: () => void = () => undefined;
    let countWhileGuarding = -1;
    jest.spyOn(ServerNats.prototype, 'handleMessage').mockImplementation(async () => {
      // Nest's handleMessage: deserialize, then the guard (an async caller check), then the handler.
      countWhileGuarding = work.size;
      await new Promise<void>((resolve) => (release = resolve));
    });

    const handling = server.handleMessage('pricing.quote.create.v1', {} as NatsMsg);
    expect(countWhileGuarding).toBe(1);
    let idle = false;
    void work.idle(5_000).then((done) => (idle = done));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);

    release();
    await handling;
    await new Promise((resolve) => setImmediate(resolve));
    expect(work.size).toBe(0);
  });

  it('counts a message until the answer Nest publishes on the next tick is in the connection', async () => {
    const work = new InFlightWork();
    const server = new DrainingServerNats({ servers: ['nats://127.0.0.1:1'] }, work);
    const events: string[] = [];
    let finish: () => void = () => undefined;
    jest.spyOn(ServerNats.prototype, 'handleMessage').mockImplementation(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      // Nest's Server.send hands each answer to the publisher on the next tick.
      process.nextTick(() => events.push('answer published'));
    });

    const handling = server.handleMessage('pricing.quote.create.v1', {} as NatsMsg);
    const drained = work.idle(5_000).then(() => events.push('drain over'));
    finish();
    await handling;
    await drained;
    expect(events).toEqual(['answer published', 'drain over']);
  });

  it('stops counting a message whose handling failed', async () => {
    const work = new InFlightWork();
    const server = new DrainingServerNats({ servers: ['nats://127.0.0.1:1'] }, work);
    jest.spyOn(ServerNats.prototype, 'handleMessage').mockRejectedValue(new Error('undecodable'));
    await expect(server.handleMessage('pricing.quote.create.v1', {} as NatsMsg)).rejects.toThrow('undecodable');
    await new Promise((resolve) => setImmediate(resolve));
    expect(work.size).toBe(0);
  });
});
